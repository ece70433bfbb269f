#include <stdio.h>

int a[100005];

int main()
{
    int t, n, i;
    long long best, s;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        for (i = 0; i < n; i++)
            scanf("%d", &a[i]);
        int m1 = -2000000000, m2 = -2000000000;
        for (i = 0; i < n; i++) {
            if (a[i] > m1) {
                m2 = m1;
                m1 = a[i];
            } else if (a[i] > m2) {
                m2 = a[i];
            }
        }
        best = (long long)m1 + m2;
        s = best;
        printf("%lld\n", s);
    }
    return 0;
}
