#include <stdio.h>
#include <assert.h>
#include <stdlib.h>

/* Invariants checked with assert; all hold for the provided inputs. */
int isqrt(int n)
{
    int r = 0;
    assert(n >= 0);
    while ((r + 1) * (r + 1) <= n)
        r++;
    assert(r * r <= n && n < (r + 1) * (r + 1));
    return r;
}

int main(int argc, char *argv[])
{
    int i, n, r, perfect = 0;
    assert(argc >= 1);
    for (i = 1; i < argc; i++) {
        n = abs(atoi(argv[i]));
        if (n > 1000000) {
            printf("%d too large\n", n);
            continue;
        }
        r = isqrt(n);
        if (r * r == n)
            perfect++;
        printf("isqrt(%d) = %d", n, r);
        if (r * r == n)
            printf(" (perfect)");
        printf("\n");
    }
    assert(perfect <= argc);
    printf("%d perfect squares\n", perfect);
    return 0;
}
