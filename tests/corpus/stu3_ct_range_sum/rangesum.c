#include <stdio.h>

long long pre[200005];
int a[200005];

int main()
{
    int n, q, i, l, r;
    scanf("%d %d", &n, &q);
    for (i = 1; i <= n; i++)
        scanf("%d", &a[i]);
    pre[0] = 0;
    for (i = 1; i < n; i++) {
        pre[i] = pre[i - 1] + a[i];
    }
    while (q--) {
        scanf("%d %d", &l, &r);
        printf("%lld\n", pre[r] - pre[l - 1]);
    }
    return 0;
}
