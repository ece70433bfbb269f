#include <stdio.h>

typedef long long ll;

int main()
{
    int n, m, a, x, y;
    scanf("%d %d %d", &n, &m, &a);
    x = n / a + (n % a != 0);
    y = m / a + (m % a != 0);
    ll ans = (ll)x * y;
    printf("%lld\n", ans);
    return 0;
}
