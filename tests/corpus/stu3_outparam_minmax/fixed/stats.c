#include <stdio.h>

void find_stats(int a[], int n, int *min, int *max, double *avg)
{
    int i, sum = 0;
    *min = a[0];
    *max = a[0];
    for (i = 0; i < n; i++) {
        if (a[i] < *min)
            *min = a[i];
        if (a[i] > *max)
            *max = a[i];
        sum += a[i];
    }
    *avg = (double)sum / n;
}

int main()
{
    int a[50], n, i, lo, hi;
    double mean;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    find_stats(a, n, &lo, &hi, &mean);
    printf("min=%d max=%d avg=%.3f\n", lo, hi, mean);
    return 0;
}
