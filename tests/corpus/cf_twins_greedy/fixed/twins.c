#include <stdio.h>
#include <stdlib.h>

int a[105];

int cmp(const void *x, const void *y)
{
    return *(int *)y - *(int *)x;
}

int main()
{
    int n, i, total = 0, mine = 0, k = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &a[i]);
        total += a[i];
    }
    qsort(a, n, sizeof(int), cmp);
    while (mine <= total - mine) {
        mine += a[k];
        k++;
    }
    printf("%d\n", k);
    return 0;
}
