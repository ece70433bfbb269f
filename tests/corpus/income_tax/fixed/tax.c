/* Income tax: nothing up to 10000, 20% up to 40000, 40% above. */
#include <assert.h>

int tax(int income)
{
    int tax = 0;
    if (income > 10000)
        tax = (income - 10000) * 20 / 100;
    if (income > 40000) {
        tax = 30000 * 20 / 100;
        tax += (income - 40000) * 40 / 100;
    }
    return tax;
}

void test_untaxed(void)
{
    assert(tax(8000) == 0);
}

void test_basic(void)
{
    assert(tax(20000) == 2000);
}

void test_higher(void)
{
    assert(tax(50000) == 10000);
}

void test_edge(void)
{
    assert(tax(40000) == 6000);
}
