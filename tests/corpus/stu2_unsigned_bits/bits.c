#include <stdio.h>

int count_ones(unsigned int n)
{
    int c = 0;
    while (n) {
        if (n & 2)
            c++;
        n >>= 1;
    }
    return c;
}

int main()
{
    unsigned int n;
    scanf("%u", &n);
    printf("%u has %d one bits\n", n, count_ones(n));
    return 0;
}
