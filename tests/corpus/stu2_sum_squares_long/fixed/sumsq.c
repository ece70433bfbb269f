#include <stdio.h>

int main()
{
    long n, i;
    long sum = 0;
    printf("Enter n: ");
    scanf("%ld", &n);
    for (i = 1; i <= n; i++)
        sum += i * i;
    printf("Sum of squares 1..%ld = %ld\n", n, sum);
    return 0;
}
