#include <stdio.h>

long long memo[93];

long long fib(int n)
{
    if (n < 2)
        return n;
    if (memo[n] != 0)
        return memo[n];
    memo[n] = fib(n - 1) + fib(n - 2);
    return memo[n];
}

int slow_fib(int n)
{
    return n < 2 ? n : slow_fib(n - 1) + slow_fib(n - 2);
}

int main(void)
{
    int n, calls = 0;
    while (scanf("%d", &n) == 1) {
        calls++;
        if (n < 0 || n > 92) {
            printf("fib(%d): out of range\n", n);
            continue;
        }
        if (n <= 20)
            printf("fib(%d) = %lld (slow %d)\n", n, fib(n), slow_fib(n));
        else
            printf("fib(%d) = %lld\n", n, fib(n));
    }
    printf("%d queries\n", calls);
    return 0;
}
