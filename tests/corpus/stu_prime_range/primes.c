#include <stdio.h>

int is_prime(int n)
{
    int i;
    if (n < 2)
        return 0;
    for (i = 2; i * i < n; i++)
        if (n % i == 0)
            return 0;
    return 1;
}

int main()
{
    int a, b, i;
    scanf("%d %d", &a, &b);
    printf("Primes between %d and %d: ", a, b);
    for (i = a; i <= b; i++)
        if (is_prime(i))
            printf("%d ", i);
    printf("\n");
    return 0;
}
