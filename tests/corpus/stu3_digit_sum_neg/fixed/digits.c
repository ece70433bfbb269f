#include <stdio.h>
#include <stdlib.h>

int main()
{
    int n, sum = 0, count = 0;
    printf("Enter an integer: ");
    scanf("%d", &n);
    if (n == 0)
        count = 1;
    while (n != 0) {
        sum = sum + abs(n % 10);
        count++;
        n = n / 10;
    }
    printf("Digits: %d\n", count);
    printf("Sum of digits: %d\n", sum);
    return 0;
}
