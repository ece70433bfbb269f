/* Contest task: n positive numbers; print their greatest common divisor and
 * how many of the numbers equal it. */
#include <stdio.h>

int a[10000];

int gcd(int x, int y)
{
    while (y != 0) {
        int r = x % y;
        x = y;
        y = r;
    }
    return x;
}

int main(void)
{
    int n, i, g, same = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    g = 0;
    for (i = 0; i < n; i++)
        g = gcd(g, a[i]);
    for (i = 0; i < n; i++)
        if (a[i] == g)
            same++;
    printf("%d %d\n", g, same);
    return 0;
}
