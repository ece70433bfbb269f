#include <stdio.h>

long fact(int n)
{
    if (n == 0)
        return 1;
    return n * fact(n - 1);
}

int main()
{
    int n;
    printf("Enter n: ");
    scanf("%d", &n);
    if (n <= 0) {
        printf("Factorial of negative number doesn't exist\n");
        return 0;
    }
    printf("%d! = %ld\n", n, fact(n));
    return 0;
}
