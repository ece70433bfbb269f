#include <stdio.h>

int main()
{
    int num, count = 0, sum = 0, d;
    printf("Enter a number: ");
    scanf("%d", &num);
    if (num < 0)
        num = -num;
    do {
        d = num % 10;
        sum += d;
        count++;
        num = num / 10;
    } while (num > 9);
    printf("Digits: %d, digit sum: %d\n", count, sum);
    return 0;
}
