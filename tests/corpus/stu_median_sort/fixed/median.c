#include <stdio.h>

int main()
{
    int n, i, j, t;
    int a[50];
    double median;
    scanf("%d", &n);
    for (i = 0; i < n; i++) scanf("%d", &a[i]);
    for (i = 0; i < n - 1; i++)
        for (j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) { t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
    if (n % 2 == 0)
        median = (a[n / 2 - 1] + a[n / 2]) / 2.0;
    else
        median = a[n / 2];
    printf("Median = %.1f\n", median);
    return 0;
}
