/* Celsius to Fahrenheit with fractional degrees. */
#include <assert.h>

double to_fahrenheit(double c)
{
    return c * (9.0 / 5) + 32;
}

void test_boiling(void)
{
    assert(to_fahrenheit(100.0) == 212.0);
}

void test_freezing(void)
{
    assert(to_fahrenheit(0.0) == 32.0);
}

void test_body(void)
{
    assert(to_fahrenheit(37.0) > 98.5 && to_fahrenheit(37.0) < 98.7);
}
