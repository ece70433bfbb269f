#include <stdio.h>

long factorial(int n)
{
    long f = 1;
    int i;
    for (i = 2; i <= n; i++)
        f = f * i;
    return f;
}

int main()
{
    int n;
    printf("Enter n: ");
    scanf("%d", &n);
    if (n < 0)
        printf("Factorial of a negative number doesn't exist.\n");
    else
        printf("%d! = %ld\n", n, factorial(n));
    return 0;
}
