/* Cinema ticket prices in cents: children under 12 and seniors pay half,
 * toddlers under 3 go free, Tuesday is 200 cents cheaper for everyone who pays. */
#include <assert.h>

int ticket_price(int age, int tuesday)
{
    int price = 1000;
    if (age < 3)
        return 0;
    if (age < 12 || age >= 65)
        price = price / 2;
    if (tuesday)
        price -= 200;
    return price;
}

void test_adult(void)
{
    assert(ticket_price(30, 0) == 1000);
}

void test_child(void)
{
    assert(ticket_price(8, 0) == 500);
}

void test_twelve(void)
{
    assert(ticket_price(12, 1) == 800);
}

void test_senior_tuesday(void)
{
    assert(ticket_price(70, 1) == 300);
}

void test_toddler(void)
{
    assert(ticket_price(2, 1) == 0);
}
