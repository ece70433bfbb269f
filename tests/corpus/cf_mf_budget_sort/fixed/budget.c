#include <stdio.h>
#include <stdlib.h>

int a[100005];

int cmp(const void *x, const void *y)
{
    return *(const int *)x - *(const int *)y;
}

int main()
{
    int n, m, i, s = 0, c = 0;
    scanf("%d %d", &n, &m);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    qsort(a, n, sizeof(int), cmp);
    for (i = 0; i < n; i++) {
        if (s + a[i] > m)
            break;
        s += a[i];
        c++;
    }
    printf("%d\n", c);
    return 0;
}
