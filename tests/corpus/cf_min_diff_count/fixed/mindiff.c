#include <stdio.h>
#include <stdlib.h>

int a[200005];

int cmp(const void *x, const void *y)
{
    int p = *(const int *)x, q = *(const int *)y;
    if (p < q)
        return -1;
    if (p > q)
        return 1;
    return 0;
}

int main()
{
    int n, i, d, best = 1000000001, c = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    qsort(a, n, sizeof(int), cmp);
    for (i = 0; i + 1 < n; i++) {
        d = a[i + 1] - a[i];
        if (d < best) {
            best = d;
            c = 1;
        } else if (d == best)
            c++;
    }
    printf("%d %d\n", best, c);
    return 0;
}
