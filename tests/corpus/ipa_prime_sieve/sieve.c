#include <stdio.h>

#define LIMIT 1000

int composite[LIMIT + 1];

void sieve(int n)
{
    int i, j;
    composite[0] = composite[1] = 1;
    for (i = 2; i * i < n; i++) {
        if (!composite[i]) {
            for (j = i * i; j <= n; j += i)
                composite[j] = 1;
        }
    }
}

int main(void)
{
    int n, a, b, i, count = 0, in_range = 0;

    scanf("%d", &n);
    if (n < 2 || n > LIMIT) {
        printf("n must be between 2 and %d\n", LIMIT);
        return 0;
    }
    sieve(n);
    for (i = 2; i <= n; i++)
        if (!composite[i])
            count++;
    printf("%d primes up to %d\n", count, n);
    scanf("%d %d", &a, &b);
    if (a < 0)
        a = 0;
    if (b > n)
        b = n;
    for (i = a; i <= b; i++) {
        if (!composite[i]) {
            printf("%d ", i);
            in_range++;
        }
    }
    printf("\n%d in [%d, %d]\n", in_range, a, b);
    return 0;
}
