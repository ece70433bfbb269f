/* Memoized Fibonacci: a malloc'd table initialised to -1, filled by recursion. */
#include <stdio.h>
#include <stdlib.h>

long long *memo;

long long fib(int k) {
    if (k < 2) return k;
    if (memo[k] >= 0) return memo[k];
    memo[k] = fib(k - 1) + fib(k - 2);
    return memo[k];
}

int main(void) {
    int n, i;
    while (scanf("%d", &n) == 1) {
        if (n < 0 || n > 90) {
            printf("out of range\n");
            continue;
        }
        memo = malloc((n + 1) * sizeof(long long));
        for (i = 0; i <= n; i++) memo[i] = -1;
        printf("fib(%d) = %lld\n", n, fib(n));
        free(memo);
    }
    return 0;
}
