#include <stdio.h>

typedef long long ll;

int gcd(int a, int b)
{
    while (b) {
        int r = b % a;
        a = b;
        b = r;
    }
    return a;
}

int main()
{
    int t, a, b, g;
    ll l;
    scanf("%d", &t);
    while (t--) {
        scanf("%d %d", &a, &b);
        g = gcd(a, b);
        printf("%d ", g);
        l = a * b / g;
        printf("%lld\n", l);
    }
    return 0;
}
