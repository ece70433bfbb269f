/* Exercise: read n and then n integers; print the minimum, the maximum and the
 * average (rounded towards zero). */
#include <stdio.h>

int main(void)
{
    int n, i, x, min, max, sum;
    if (scanf("%d", &n) != 1 || n <= 0) {
        printf("no data\n");
        return 1;
    }
    scanf("%d", &x);
    min = x;
    max = x;
    sum = x;
    for (i = 1; i < n; i++) {
        scanf("%d", &x);
        if (x < min)
            min = x;
        if (x > max)
            max = x;
        sum += x;
    }
    printf("min %d max %d avg %d\n", min, max, sum / n);
    return 0;
}
