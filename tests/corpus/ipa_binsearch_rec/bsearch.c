#include <stdio.h>

#define MAX 100

int find(const int v[], int lo, int hi, int x)
{
    int mid;
    if (lo > hi)
        return -1;
    mid = (lo + hi) / 2;
    if (v[mid] == x)
        return mid;
    if (v[mid] > x)
        return find(v, mid + 1, hi, x);
    return find(v, lo, mid - 1, x);
}

int is_sorted(const int v[], int n)
{
    int i;
    for (i = 1; i < n; i++)
        if (v[i - 1] > v[i])
            return 0;
    return 1;
}

int main(void)
{
    int v[MAX];
    int n, q, i, x, pos;

    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &v[i]);
    if (!is_sorted(v, n)) {
        printf("input not sorted\n");
        return 0;
    }
    scanf("%d", &q);
    while (q-- > 0) {
        scanf("%d", &x);
        pos = find(v, 0, n - 1, x);
        if (pos < 0)
            printf("%d not found\n", x);
        else
            printf("%d at index %d\n", x, pos);
    }
    return 0;
}
