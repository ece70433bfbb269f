/* Contest task: n numbers in ascending order, then q queries x; for each print
 * how many of the numbers are smaller than x (binary search for the first
 * element >= x). */
#include <stdio.h>

int a[20000];

int main(void)
{
    int n, q, i, x;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    scanf("%d", &q);
    for (i = 0; i < q; i++) {
        int lo = 0, hi = n;
        scanf("%d", &x);
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (a[mid] < x)
                lo = mid + 1;
            else
                hi = mid;
        }
        printf("%d\n", lo);
    }
    return 0;
}
