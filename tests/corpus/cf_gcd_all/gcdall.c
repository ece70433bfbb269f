#include <stdio.h>

int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

int main()
{
    int t, n, i, x, g;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        g = 1;
        for (i = 0; i < n; i++) {
            scanf("%d", &x);
            g = gcd(g, x);
        }
        printf("%d\n", g);
    }
    return 0;
}
