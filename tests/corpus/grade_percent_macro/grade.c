/* Exam points to a percentage and a pass mark. */
#include <assert.h>

#define MAX_POINTS 50
#define PASS_PERCENT 50

int percent(int points)
{
    return points * 100 / MAX_POINTS;
}

int passed(int points)
{
    return percent(points) >= PASS_PERCENT;
}

int clamp_points(int points)
{
    if (points > MAX_POINTS)
        return MAX_POINTS;
    return points;
}

void test_full(void)
{
    assert(percent(60) == 100);
}

void test_half(void)
{
    assert(percent(30) == 50);
}

void test_fail(void)
{
    assert(passed(27) == 0);
}

void test_zero(void)
{
    assert(percent(0) == 0);
}

void test_clamp(void)
{
    assert(clamp_points(55) == 55);
}
