#include <stdio.h>

#define MAXN 60

long long memo[MAXN];

long long fib(int n)
{
    if (n <= 2)
        return n;
    if (memo[n] != 0)
        return memo[n];
    memo[n] = fib(n - 1) + fib(n - 2);
    return memo[n];
}

int is_even(long long x)
{
    return x % 2 == 0;
}

int main()
{
    int n, i, evens = 0;
    long long sum = 0;

    printf("n = ");
    if (scanf("%d", &n) != 1 || n < 0 || n >= MAXN) {
        printf("out of range\n");
        return 0;
    }
    for (i = 0; i <= n; i++) {
        long long f = fib(i);
        sum += f;
        if (is_even(f))
            evens++;
    }
    printf("\nfib(%d) = %lld\n", n, fib(n));
    printf("sum of fib(0..%d) = %lld\n", n, sum);
    printf("even terms: %d\n", evens);
    return 0;
}
