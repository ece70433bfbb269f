/* Price after a percentage discount. */
#include <assert.h>

double discounted(double price, int percent)
{
    return price * (1 - percent / 100);
}

void test_none(void)
{
    assert(discounted(80.0, 0) == 80.0);
}

void test_quarter(void)
{
    assert(discounted(80.0, 25) == 60.0);
}

void test_half(void)
{
    assert(discounted(10.0, 50) == 5.0);
}
