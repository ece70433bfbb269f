/* Contest task: read n numbers, then q queries "l r" (1-based, inclusive);
 * answer each with the sum of a[l..r]. Prefix sums make each query O(1). */
#include <stdio.h>

#define MAXN 20005

int a[MAXN];
long long pre[MAXN];

int main(void)
{
    int n, q, i;
    if (scanf("%d", &n) != 1)
        return 1;
    for (i = 1; i <= n; i++)
        scanf("%d", &a[i]);
    pre[0] = 0;
    for (i = 1; i <= n; i++)
        pre[i] = pre[i - 1] + a[i];
    scanf("%d", &q);
    while (q-- > 0) {
        int l, r;
        scanf("%d %d", &l, &r);
        printf("%lld\n", pre[r] - pre[l - 1]);
    }
    return 0;
}
