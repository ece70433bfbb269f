#include <stdio.h>

int main()
{
    int n, i, a, b, c, ans = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d %d %d", &a, &b, &c);
        if (a + b + c >= 3)
            ans++;
    }
    printf("%d\n", ans);
    return 0;
}
