#include <stdio.h>

/* Read n, then n integers; print sum, min, max and the average (integer). */
int read_values(int a[], int max)
{
    int n, i;
    if (scanf("%d", &n) != 1 || n < 0)
        return -1;
    if (n > max)
        n = max;
    for (i = 0; i < n; i++)
        if (scanf("%d", &a[i]) != 1)
            return i;
    return n;
}

int main(void)
{
    int a[100];
    int n = read_values(a, 100);
    int i, sum = 0, mn, mx;
    if (n <= 0) {
        printf("no data\n");
        return 1;
    }
    mn = mx = a[0];
    for (i = 0; i < n; i++) {
        sum += a[i];
        if (a[i] < mn) mn = a[i];
        if (a[i] > mx) mx = a[i];
    }
    printf("n=%d sum=%d min=%d max=%d avg=%d\n", n, sum, mn, mx, sum / n);
    printf("remainder=%d\n", sum % n);
    return 0;
}
