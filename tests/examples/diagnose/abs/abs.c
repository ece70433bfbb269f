/* Absolute value. */
#include <assert.h>

int absolute(int x)
{
    if (x < -1)
        return -x;
    return x;
}

void test_positive(void)
{
    assert(absolute(7) == 7);
}

void test_zero(void)
{
    assert(absolute(0) == 0);
}

void test_large_negative(void)
{
    assert(absolute(-40) == 40);
}

void test_minus_one(void)
{
    assert(absolute(-1) == 1);
}
