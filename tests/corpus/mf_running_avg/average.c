#include <stdio.h>

int main()
{
    int n, i, x, sum = 0;
    double avg;
    printf("How many numbers? ");
    scanf("%d", &n);
    for (i = 1; i < n; i++) {
        scanf("%d", &x);
        sum = sum + x;
    }
    if (n > 0)
        avg = sum / n;
    else
        avg = 0;
    printf("Sum = %d\n", sum);
    printf("Average = %.2f\n", avg);
    return 0;
}
