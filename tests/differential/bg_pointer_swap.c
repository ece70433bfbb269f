#include <stdio.h>

void minmax(const int *a, int n, int *lo, int *hi) {
    int i;
    *lo = *hi = a[0];
    for (i = 1; i < n; i++) {
        if (a[i] < *lo) *lo = a[i];
        if (a[i] > *hi) *hi = a[i];
    }
}

int main(void) {
    int v[6], i, lo, hi;
    for (i = 0; i < 6; i++)
        scanf("%d", v + i);
    minmax(v, 6, &lo, &hi);
    int *p = v, *end = v + 6, sum = 0;
    while (p < end)
        sum += *p++;
    printf("min %d max %d sum %d\n", lo, hi, sum);
    return 0;
}
