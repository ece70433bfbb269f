#include <stdio.h>

long reverse(long n)
{
    long r = 0;
    while (n > 0) {
        r = r * 10 + n % 10;
        n /= 10;
    }
    return r;
}

int digit_sum(long n)
{
    return n == 0 ? 0 : (int)(n % 10) + digit_sum(n / 10);
}

int is_armstrong(int n)
{
    int d[10], k = 0, i, j, m = n;
    long s = 0, p;
    do {
        d[k++] = m % 10;
        m /= 10;
    } while (m > 0);
    for (i = 0; i < k; i++) {
        p = 1;
        for (j = 0; j < k; j++)
            p *= d[i];
        s += p;
    }
    return s == n;
}

int main(void)
{
    long n;
    int i;
    while (scanf("%ld", &n) == 1) {
        if (n < 0) {
            printf("%ld: negative, skipped\n", n);
            continue;
        }
        printf("%ld: reverse=%ld sum=%d palindrome=%d\n", n, reverse(n), digit_sum(n),
               reverse(n) == n);
    }
    printf("armstrong:");
    for (i = 1; i < 10000; i++)
        if (is_armstrong(i))
            printf(" %d", i);
    printf("\n");
    return 0;
}
