#include <stdio.h>

#define MAXV 1000
int seen[MAXV + 1];

int main()
{
    int t, n, i, x, cnt;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        for (i = 0; i <= MAXV; i++)
            seen[i] = 0;
        cnt = 0;
        for (i = 0; i < n; i++) {
            scanf("%d", &x);
            if (!seen[x]) {
                seen[x] = 1;
                cnt++;
            }
        }
        printf("%d\n", cnt);
    }
    return 0;
}
