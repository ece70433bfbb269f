/* Day of the week (0 = Sunday) by Sakamoto's method, and a weekend test. */
#include <assert.h>

/*
 * t[] holds each month's offset.
 */
int weekday(int d, int m, int y)
{
    int t[12] = {0, 3, 2, 5, 1, 3, 5, 1, 4, 6, 2, 4};
    int yy = y;
    if (m > 3)
        yy = y - 1;
    y = yy;
    return (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 6;
}

int is_weekend_date(int d, int m, int y)
{
    int w = weekday(d, m, y);
    return w == 0 || w == 6;
}

void test_new_year_2024(void)
{
    assert(weekday(1, 1, 2024) == 1);
}

void test_may_2023(void)
{
    assert(weekday(20, 5, 2023) == 6);
}

void test_christmas(void)
{
    assert(weekday(25, 12, 2023) == 1);
}

void test_weekend(void)
{
    assert(is_weekend_date(17, 8, 2025) == 1);
}

void test_leap_day(void)
{
    assert(weekday(29, 2, 2000) == 2);
}
