#include <stdio.h>

long long factorial(int n)
{
    long long f = 1;
    int i;
    for (i = 2; i < n; i++)
        f = f * i;
    return f;
}

int main()
{
    int n;
    printf("Enter n (0-20): ");
    scanf("%d", &n);
    if (n < 0 || n > 20) {
        printf("Out of range\n");
        return 0;
    }
    printf("%d! = %lld\n", n, factorial(n));
    return 0;
}
