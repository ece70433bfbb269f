#include <stdio.h>

typedef long long ll;

int main()
{
    int t, n, i, x;
    ll s = 0;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        for (i = 0; i < n; i++) {
            scanf("%d", &x);
            if (x > 0)
                s += x;
        }
        printf("%lld\n", s);
    }
    return 0;
}
