#include <stdio.h>

int a[1005];

int main()
{
    int n, i, l, r, s = 0, d = 0, x;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    l = 0;
    r = n - 1;
    for (i = 0; i < n; i++) {
        if (a[l] < a[r]) {
            x = a[l];
            l++;
        } else {
            x = a[r];
            r--;
        }
        if (i % 2 == 1)
            s += x;
        else
            d += x;
    }
    printf("%d %d\n", s, d);
    return 0;
}
