/* Validate a date (ignoring leap years: February has 28 days). */
#include <assert.h>

int days_in(int m)
{
    if (m == 2)
        return 28;
    if (m == 4 || m == 6 || m == 9 || m == 11)
        return 30;
    return 31;
}

int valid_date(int d, int m)
{
    if (m < 1 || m > 12 || d < 1)
        return 0;
    return d <= days_in(m);
}

void test_ok(void)
{
    assert(valid_date(15, 6) == 1);
}

void test_day_too_big(void)
{
    assert(valid_date(31, 4) == 0);
}

void test_month_zero(void)
{
    assert(valid_date(10, 0) == 0);
}

void test_month_13(void)
{
    assert(valid_date(1, 13) == 0);
}

void test_month_negative(void)
{
    assert(valid_date(5, -3) == 0);
}
