/* Contest task: n numbers and a limit k; count the pairs i < j with
 * a[i] + a[j] <= k. Sort, then move two pointers towards each other. */
#include <stdio.h>
#include <stdlib.h>

int a[2000];

int cmp(const void *x, const void *y)
{
    int u = *(const int *)x, v = *(const int *)y;
    return (u > v) - (u < v);
}

int main(void)
{
    int n, k, i, lo, hi;
    long long pairs = 0;
    scanf("%d %d", &n, &k);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    qsort(a, n, sizeof a[0], cmp);
    lo = 0;
    hi = n - 1;
    while (lo < hi) {
        if (a[lo] + a[hi] < k) {
            pairs += hi - lo;
            lo++;
        } else {
            hi--;
        }
    }
    printf("%lld\n", pairs);
    return 0;
}
