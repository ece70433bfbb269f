#include <stdio.h>

void minmax(int a[], int n, int *mn, int *mx)
{
    int i;
    *mn = a[0];
    *mx = a[0];
    for (i = 1; i < n; i++) {
        if (a[i] < *mn)
            *mn = a[i];
        if (a[i] < *mx)
            *mx = a[i];
    }
}

int main()
{
    int a[50], n, i, lo, hi;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    minmax(a, n, &lo, &hi);
    printf("min=%d max=%d\n", lo, hi);
    return 0;
}
