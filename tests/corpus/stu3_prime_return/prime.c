#include <stdio.h>

int is_prime(int n)
{
    int i;
    if (n < 2)
        return 0;
    for (i = 2; i * i < n; i++) {
        if (n % i == 0)
            return 0;
    }
    return 1;
}

int main()
{
    int lo, hi, k, count = 0;
    scanf("%d %d", &lo, &hi);
    for (k = lo; k <= hi; k++) {
        if (is_prime(k)) {
            printf("%d ", k);
            count++;
        }
    }
    printf("\n%d primes\n", count);
    return 0;
}
