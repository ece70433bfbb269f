#include <stdio.h>
/* Pre-C99 style: a boolean typedef, TRUE/FALSE macros, K&R definitions. */
typedef int bool;
typedef unsigned long ulong;
typedef short small;
typedef int row[4];
#define TRUE 1
#define FALSE 0

bool is_prime(n)
    int n;
{
    int d;
    if (n < 2) return FALSE;
    for (d = 2; d * d <= n; d++)
        if (n % d == 0) return FALSE;
    return TRUE;
}

ulong sum_to(n, step)
    ulong n;
    int step;
{
    ulong s = 0, i;
    for (i = 0; i <= n; i += step) s += i;
    return s;
}

int main()
{
    int n;
    bool any = FALSE;
    row r = {1, 2, 3, 4};
    small k = 7;
    while (scanf("%d", &n) == 1) {
        if (is_prime(n)) { printf("%d prime\n", n); any = TRUE; }
        else printf("%d composite\n", n);
    }
    printf("%lu %d %d\n", sum_to(100, 3), r[3] + k, any);
    return any ? 0 : 1;
}
