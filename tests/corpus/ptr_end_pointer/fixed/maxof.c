/* Largest element, scanning with a pointer up to an end pointer. */
#include <assert.h>

int max_of(int *v, int n)
{
    int *end = v + n;
    int *p;
    int best = *v;
    for (p = v + 1; p < end; p++)
        if (*p > best)
            best = *p;
    return best;
}

void test_single(void)
{
    int v[1] = {3};
    assert(max_of(v, 1) == 3);
}

void test_first(void)
{
    int v[3] = {9, 1, 2};
    assert(max_of(v, 3) == 9);
}

void test_last(void)
{
    int v[4] = {1, 2, 3, 8};
    assert(max_of(v, 4) == 8);
}

void test_two(void)
{
    int v[2] = {-5, -2};
    assert(max_of(v, 2) == -2);
}
