/* Days in a month, using a leap-year helper. */
#include <assert.h>

int is_leap(int y)
{
    return y % 4 == 0 && y % 100 != 0 || y % 40 == 0;
}

int days_in_month(int m, int y)
{
    if (m == 2)
        return 28 + is_leap(y);
    if (m == 4 || m == 6 || m == 9 || m == 11)
        return 30;
    return 31;
}

void test_january(void)
{
    assert(days_in_month(1, 2023) == 31);
}

void test_april(void)
{
    assert(days_in_month(4, 2023) == 30);
}

void test_february_leap(void)
{
    assert(days_in_month(2, 2024) == 29);
}

void test_february_1900(void)
{
    assert(days_in_month(2, 1900) == 28);
}

void test_february_1920(void)
{
    assert(days_in_month(2, 1920) == 29);
}

void test_february_2000(void)
{
    assert(days_in_month(2, 2000) == 29);
}

void test_february_2080(void)
{
    assert(days_in_month(2, 2080) == 29);
}

void test_february_2200(void)
{
    assert(days_in_month(2, 2200) == 28);
}
