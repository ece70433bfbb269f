/* Contest task: the largest sum of a non-empty run of consecutive numbers
 * (Kadane's algorithm). */
#include <stdio.h>

int main(void)
{
    int n, i, x;
    long long best, cur = 0;
    scanf("%d", &n);
    scanf("%d", &x);
    best = x;
    cur = x;
    for (i = 1; i < n; i++) {
        scanf("%d", &x);
        if (cur < 0)
            cur = 0;
        cur += x;
        if (cur > best)
            best = cur;
    }
    printf("%lld\n", best);
    return 0;
}
