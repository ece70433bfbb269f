#include <stdio.h>

int main(void)
{
    int n, i;
    double x, sum = 0.0;
    printf("How many numbers? ");
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        printf("Number %d: ", i + 1);
        scanf("%lf", &x);
        sum += x;
    }
    if (n > 0)
        printf("\nAverage = %.2f\n", sum / n);
    else
        printf("\nNo numbers\n");
    return 0;
}
