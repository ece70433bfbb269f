#include <stdio.h>

#define MAX 100005
typedef long long ll;

int a[MAX];
ll p[MAX];

int main()
{
    int n, q, i, l, r;
    scanf("%d %d", &n, &q);
    for (i = 1; i <= n; i++) {
        scanf("%d", &a[i]);
        p[i] = p[i - 1] + a[i];
    }
    while (q--) {
        scanf("%d %d", &l, &r);
        printf("%lld\n", p[r] - p[l - 1]);
    }
    return 0;
}
