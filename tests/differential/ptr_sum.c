#include <stdio.h>

int sum(int *v, int n)
{
    int s = 0;
    int *end = v + n;
    while (v < end) {
        s += *v;
        v++;
    }
    return s;
}

int count_pos(const int *p, const int *end)
{
    int c = 0;
    for (; p != end; ++p)
        if (*p > 0)
            c++;
    return c;
}

int main(void)
{
    int a[8];
    int n = 0;
    while (n < 8 && scanf("%d", &a[n]) == 1)
        n++;
    printf("sum=%d\n", sum(a, n));
    printf("pos=%d\n", count_pos(a, a + n));
    printf("tail=%d\n", n > 2 ? sum(a + 2, n - 2) : 0);
    printf("len=%ld\n", (long)((a + n) - a));
    return 0;
}
