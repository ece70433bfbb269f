/* Shipping cost in cents by weight in grams. */
#include <assert.h>

int shipping_cost(int grams)
{
    if (grams <= 0)
        return 0;
    if (grams <= 500)
        return 250;
    if (grams <= 2000)
        return 490;
    return 490 + (grams - 2000) / 1000 * 150;
}

void test_letter(void)
{
    assert(shipping_cost(20) == 250);
}

void test_small_parcel(void)
{
    assert(shipping_cost(400) == 250);
}

void test_medium(void)
{
    assert(shipping_cost(1500) == 490);
}

void test_heavy(void)
{
    assert(shipping_cost(4500) == 790);
}

void test_nothing(void)
{
    assert(shipping_cost(0) == 0);
}
