/* Clamp a value into [lo, hi]. */
#include <assert.h>

int clamp(int x, int lo, int hi)
{
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}

void test_inside(void)
{
    assert(clamp(5, 0, 10) == 5);
}

void test_below(void)
{
    assert(clamp(-3, 0, 10) == 0);
}

void test_above(void)
{
    assert(clamp(42, 0, 10) == 10);
}

void test_at_low_edge(void)
{
    assert(clamp(0, 0, 10) == 0);
}

void test_negative_range(void)
{
    assert(clamp(-20, -10, -5) == -10);
}
