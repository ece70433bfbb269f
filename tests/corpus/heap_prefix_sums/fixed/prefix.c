/* Prefix sums in a heap array a helper allocates; range sums read them. */
#include <assert.h>
#include <stdlib.h>

long *prefix(const int *v, int n)
{
    long *p = malloc((n + 1) * sizeof(long));
    p[0] = 0;
    for (int i = 0; i < n; i++)
        p[i + 1] = p[i] + v[i];
    return p;
}

long range(const long *p, int lo, int hi)
{
    return p[hi] - p[lo];
}

void test_whole(void)
{
    int v[4] = {3, 1, 4, 1};
    long *p = prefix(v, 4);
    assert(range(p, 0, 4) == 9);
    free(p);
}

void test_middle(void)
{
    int v[5] = {2, 7, 1, 8, 2};
    long *p = prefix(v, 5);
    assert(range(p, 1, 4) == 16);
    free(p);
}

void test_empty_range(void)
{
    int v[2] = {5, 6};
    long *p = prefix(v, 2);
    assert(range(p, 1, 1) == 0);
    free(p);
}
