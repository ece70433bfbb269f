#include <stdio.h>

#define MAX 50

void sort(int a[], int n)
{
    int i, j, t;
    for (i = 0; i < n - 1; i++)
        for (j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
}

int search(const int a[], int n, int key)
{
    int lo = 0, hi = n - 1, mid;
    while (lo <= hi) {
        mid = (lo + hi) / 2;
        if (a[mid] == key)
            return mid;
        else if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int main(void)
{
    int a[MAX], n, i, q, key, pos;

    scanf("%d", &n);
    if (n < 1 || n > MAX)
        return 0;
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    sort(a, n);
    for (i = 0; i < n; i++)
        printf("%d%c", a[i], i == n - 1 ? '\n' : ' ');
    scanf("%d", &q);
    for (i = 0; i < q; i++) {
        scanf("%d", &key);
        pos = search(a, n, key);
        if (pos >= 0)
            printf("%d found at %d\n", key, pos + 1);
        else
            printf("%d missing\n", key);
    }
    return 0;
}
