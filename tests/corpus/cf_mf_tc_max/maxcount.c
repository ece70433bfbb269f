#include <stdio.h>

int a[100005];

int main()
{
    int t, n, i, mx, c;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        for (i = 0; i < n; i++)
            scanf("%d", &a[i]);
        mx = 0;
        c = 0;
        for (i = 0; i < n; i++) {
            if (a[i] > mx) {
                mx = a[i];
                c = 0;
            } else if (a[i] == mx)
                c++;
        }
        printf("%d %d\n", mx, c);
    }
    return 0;
}
