/* Leap years and the number of days from Jan 1 of year a to Jan 1 of year b. */
#include <assert.h>

int is_leap(int y)
{
    if (y % 400 == 0)
        return 1;
    if (y % 4 == 0 && y % 100 != 0)
        return 1;
    return 0;
}

int days_between(int a, int b)
{
    int days = 0;
    int y;
    for (y = a; y < b; y++)
        days += 365 + is_leap(y);
    return days;
}

void test_2024(void)
{
    assert(is_leap(2024) == 1);
}

void test_2023(void)
{
    assert(is_leap(2023) == 0);
}

void test_1900(void)
{
    assert(is_leap(1900) == 0);
}

void test_2000(void)
{
    assert(is_leap(2000) == 1);
}

void test_span(void)
{
    assert(days_between(1899, 1902) == 1095);
}
