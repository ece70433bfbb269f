#include <stdio.h>

int count_digits(int n)
{
    if (n < 10)
        return 1;
    return 1 + count_digits(n / 10);
}

int sum_digits(int n)
{
    if (n == 0)
        return 0;
    return n % 10 + sum_digits(n / 10);
}

int reverse(int n, int acc)
{
    if (n == 0)
        return acc;
    return reverse(n / 10, acc * 10 + n % 10);
}

int main(void)
{
    int n;

    while (scanf("%d", &n) == 1) {
        if (n < 0) {
            printf("%d: negative, skipped\n", n);
            continue;
        }
        printf("%d: %d digit(s), digit sum %d, reversed %d\n",
               n, count_digits(n), sum_digits(n), reverse(n, 0));
        if (n == reverse(n, 0))
            printf("  %d reads the same backwards\n", n);
    }
    printf("done\n");
    return 0;
}
