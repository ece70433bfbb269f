#include <stdio.h>

int is_prime(int n)
{
    int d;
    if (n < 2)
        return 0;
    for (d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

int main(void)
{
    int t, n, primes = 0;
    scanf("%d", &t);
    while (t-- > 0) {
        scanf("%d", &n);
        if (is_prime(n)) {
            printf("%d is prime\n", n);
            primes++;
        } else {
            printf("%d is not prime\n", n);
        }
    }
    printf("primes: %d\n", primes);
    return 0;
}
