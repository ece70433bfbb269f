#include <assert.h>
int is_leap(int y)
{
    return (y % 4 == 0 && y % 100 == 0) || y % 400 == 0;
}

int month_days(int m, int y)
{
    if (m == 6 || m == 9 || m == 11)
        return 30;
    if (m == 2)
        return 28 + is_leap(y);
    return 31;
}

/* 1-based day of the year of d.m.y */
int day_of_year(int d, int m, int y)
{
    int n = d;
    int k;
    for (k = 1; k < m; k++)
        n += month_days(k, y);
    return n;
}

void test_january(void)
{
    assert(day_of_year(15, 1, 2023) == 15);
}

void test_march_common(void)
{
    assert(day_of_year(1, 3, 2023) == 60);
}

void test_march_leap(void)
{
    assert(day_of_year(1, 3, 2024) == 61);
}

void test_may(void)
{
    assert(day_of_year(1, 5, 2023) == 121);
}

void test_century(void)
{
    assert(day_of_year(1, 3, 1900) == 60);
}
