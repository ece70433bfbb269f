#include <stdio.h>

int main()
{
    int t, n, k, i, x, cnt = 0;
    scanf("%d", &t);
    while (t--) {
        scanf("%d %d", &n, &k);
        cnt = 0;
        for (i = 0; i < n; i++) {
            scanf("%d", &x);
            if (x % k == 0)
                cnt++;
        }
        printf("%d\n", cnt);
    }
    return 0;
}
