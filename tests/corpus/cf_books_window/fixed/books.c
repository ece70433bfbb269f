#include <stdio.h>

int a[100005];

int main()
{
    int n, t, i, j = 0, s = 0, best = 0;
    scanf("%d %d", &n, &t);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    for (i = 0; i < n; i++) {
        s += a[i];
        while (s > t) {
            s -= a[j];
            j++;
        }
        if (i - j + 1 > best)
            best = i - j + 1;
    }
    printf("%d\n", best);
    return 0;
}
