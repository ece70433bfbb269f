#include <stdio.h>

int main()
{
    int t, n, i, x, odd, even;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        odd = even = 0;
        for (i = 0; i < n; i++) {
            scanf("%d", &x);
            if (x % 2)
                odd++;
            else
                even++;
        }
        if ((odd > 0 && even > 0) || (odd > 0 && n % 2 == 1))
            puts("YES");
        else
            puts("NO");
    }
    return 0;
}
