#include <stdio.h>

int values[13] = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
char sym1[13] = {'M', 'C', 'D', 'C', 'C', 'X', 'L', 'X', 'X', 'I', 'V', 'I', 'I'};
char sym2[13] = {0, 'M', 0, 'D', 0, 'C', 0, 'L', 0, 'X', 0, 'V', 0};

int to_roman(int n)
{
    int i, len = 0;
    for (i = 0; i < 13; i++)
        while (n >= values[i]) {
            putchar(sym1[i]);
            len++;
            if (sym2[i]) {
                putchar(sym2[i]);
                len++;
            }
            n -= values[i];
        }
    return len;
}

int main(void)
{
    int n, len;
    while (scanf("%d", &n) == 1) {
        if (n <= 0 || n >= 4000) {
            puts("out of range");
            continue;
        }
        printf("%4d = ", n);
        len = to_roman(n);
        printf(" (%d chars)\n", len);
    }
    return 0;
}
