#include <stdio.h>


int search(int a[], int n, int key, int cnt[])
{
    int lo = 0, hi = n - 1, mid;
    cnt[0] = 0;
    while (lo <= hi) {
        mid = lo + (hi - lo) / 2;
        cnt[0]++;
        if (a[mid] == key)
            return mid;
        else if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -(lo + 1);
}

int main(void)
{
    int a[50], n = 0, i, q, r, cnt[1];
    for (i = 0; i < 50; i++)
        a[i] = i * i - 3 * i;
    n = 50;
    while (scanf("%d", &q) == 1) {
        r = search(a, n, q, cnt);
        if (r >= 0)
            printf("%d found at %d after %d probes\n", q, r, cnt[0]);
        else
            printf("%d missing, insert at %d (%d probes)\n", q, -r - 1, cnt[0]);
    }
    return 0;
}
