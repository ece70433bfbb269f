#include <stdio.h>
#include <stdlib.h>

int a[105];

int main()
{
    int n, i, j, d, best = 1000000, x = 0, y = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    for (i = 0; i < n; i++) {
        j = i + 1 % n;
        d = abs(a[i] - a[j]);
        if (d < best) {
            best = d;
            x = i + 1;
            y = j + 1;
        }
    }
    printf("%d %d\n", x, y);
    return 0;
}
