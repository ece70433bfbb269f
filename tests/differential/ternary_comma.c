#include <stdio.h>

int sign(int x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

int clamp(int x, int lo, int hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

int main(void)
{
    int a, b, i, j, t;
    int count = 0;
    while (scanf("%d %d", &a, &b) == 2) {
        int mx = a > b ? a : b;
        int mn = (a < b) ? a : b;
        t = (count++, a + b);
        printf("a=%d b=%d max=%d min=%d sum=%d sign(a-b)=%d clamp=%d\n",
               a, b, mx, mn, t, sign(a - b), clamp(a, -10, 10));
        printf("nested: %d\n", a ? b ? 1 : 2 : b ? 3 : 4);
        (a > b ? a : b) > 0 ? printf("positive max\n") : printf("non-positive max\n");
    }
    for (i = 0, j = 10; i < j; i += 3, j--)
        printf("(%d,%d) ", i, j);
    printf("\n");
    t = (i = 2, j = i * 5, j - i);
    printf("t=%d i=%d j=%d count=%d\n", t, i, j, count);
    return 0;
}
