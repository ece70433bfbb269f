/* Weekly pay in cents: hours beyond 40 are paid time and a half. */
#include <assert.h>

int weekly_pay(int hours, int rate)
{
    int pay;
    pay = hours * rate;
    if (hours > 40) {
        pay = 40 * rate;
        pay += (hours - 40) * rate * 3 / 2;
    }
    return pay;
}

void test_part_time(void)
{
    assert(weekly_pay(20, 1500) == 30000);
}

void test_full_time(void)
{
    assert(weekly_pay(40, 1500) == 60000);
}

void test_overtime(void)
{
    assert(weekly_pay(44, 1000) == 46000);
}

void test_long_week(void)
{
    assert(weekly_pay(50, 2000) == 110000);
}
