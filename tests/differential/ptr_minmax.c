#include <stdio.h>

void minmax(int *v, int n, int *lo, int *hi)
{
    int i;
    *lo = v[0];
    *hi = v[0];
    for (i = 1; i < n; i++) {
        if (v[i] < *lo)
            *lo = v[i];
        if (v[i] > *hi)
            *hi = v[i];
    }
}

int *largest(int *v, int n)
{
    int *best = v;
    int *p;
    for (p = v + 1; p < v + n; p++)
        if (*p > *best)
            best = p;
    return best;
}

int main(void)
{
    int a[10], n = 0, lo, hi;
    while (n < 10 && scanf("%d", &a[n]) == 1)
        n++;
    if (n == 0) {
        printf("empty\n");
        return 1;
    }
    minmax(a, n, &lo, &hi);
    printf("min %d max %d\n", lo, hi);
    int *m = largest(a, n);
    printf("largest at %ld\n", (long)(m - a));
    *m = 0;
    minmax(a, n, &lo, &hi);
    printf("after: min %d max %d\n", lo, hi);
    return 0;
}
