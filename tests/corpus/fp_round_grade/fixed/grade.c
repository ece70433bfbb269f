/* Percentages rounded to the nearest whole point. */
#include <assert.h>
#include <math.h>

int rounded_percent(int got, int total)
{
    double p = 100.0 * got / total;
    return (int)round(p);
}

void test_exact(void)
{
    assert(rounded_percent(1, 2) == 50);
}

void test_round_up(void)
{
    assert(rounded_percent(2, 3) == 67);
}

void test_round_down(void)
{
    assert(rounded_percent(1, 3) == 33);
}
