/* Temperature conversions in whole degrees. */
#include <assert.h>

int to_fahrenheit(int c)
{
    return c * 9 / 5 + 32;
}

int is_freezing(int f)
{
    return f <= 32;
}

void test_boiling(void)
{
    assert(to_fahrenheit(100) == 212);
}

void test_body(void)
{
    assert(to_fahrenheit(37) == 98);
}

void test_freezing_point(void)
{
    assert(is_freezing(to_fahrenheit(0)) == 1);
}

void test_mild_is_not_freezing(void)
{
    assert(is_freezing(to_fahrenheit(5)) == 0);
}
