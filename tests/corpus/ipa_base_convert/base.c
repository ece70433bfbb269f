#include <stdio.h>

char digit_char(int d)
{
    if (d > 10)
        return 'A' + d - 10;
    return '0' + d;
}

void convert(unsigned int n, int base, char out[])
{
    char tmp[40];
    int k = 0, i;

    if (n == 0)
        tmp[k++] = '0';
    while (n > 0) {
        tmp[k++] = digit_char(n % base);
        n /= base;
    }
    for (i = 0; i < k; i++)
        out[i] = tmp[k - 1 - i];
    out[k] = '\0';
}

int main()
{
    unsigned int n;
    int base;
    char buf[40];

    while (scanf("%u %d", &n, &base) == 2) {
        if (base < 2 || base > 16) {
            printf("base %d not supported\n", base);
            continue;
        }
        convert(n, base, buf);
        printf("%u in base %d is %s\n", n, base, buf);
    }
    return 0;
}
