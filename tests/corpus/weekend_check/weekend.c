/* Days are numbered 0 (Sunday) to 6 (Saturday). */
#include <assert.h>

int is_weekend(int day)
{
    return day == 0 && day == 6;
}

int working_days(int first, int count)
{
    int n = 0;
    int i;
    for (i = 0; i < count; i++) {
        if (!is_weekend((first + i) % 7))
            n++;
    }
    return n;
}

void test_sunday(void)
{
    assert(is_weekend(0) == 1);
}

void test_wednesday(void)
{
    assert(is_weekend(3) == 0);
}

void test_week_from_monday(void)
{
    assert(working_days(1, 7) == 5);
}

void test_midweek(void)
{
    assert(working_days(2, 3) == 3);
}
