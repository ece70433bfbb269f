/* Price of an order in cents: members get 10% off, and orders of at least
   10000 cents (after the member discount) get a further 500 off. */
#include <assert.h>

int price(int amount, int member)
{
    int p = amount;
    if (member == 0)
        p = p - p / 10;
    if (p >= 10000)
        p = p - 50;
    return p;
}

void test_zero(void)
{
    assert(price(0, 1) == 0);
}

void test_small_guest(void)
{
    assert(price(2000, 0) == 2000);
}

void test_guest_over_threshold(void)
{
    assert(price(10500, 0) == 10000);
}
