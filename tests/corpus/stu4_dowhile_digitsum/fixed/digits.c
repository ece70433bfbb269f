#include <stdio.h>

int main()
{
    int n, sum = 0;
    printf("Enter a positive integer: ");
    scanf("%d", &n);
    do {
        sum = sum + n % 10;
        n = n / 10;
    } while (n > 0);
    printf("Sum of digits = %d\n", sum);
    return 0;
}
