/* Balance after compound interest (whole percent per year), then a closing fee. */
#include <assert.h>

long final_balance(long start, int rate, int years, int fee)
{
    long balance = start;
    int y;
    if (years > 0) {
        for (y = 0; y < years; y++)
            balance += balance * rate / 100;
    }
    if (balance > fee)
        balance -= fee;
    else
        balance = 0;
    return balance;
}

void test_no_years(void)
{
    assert(final_balance(1000, 5, 0, 10) == 990);
}

void test_one_year(void)
{
    assert(final_balance(1000, 10, 1, 0) == 1100);
}

void test_two_years(void)
{
    assert(final_balance(2000, 10, 2, 20) == 2400);
}

void test_fee_eats_all(void)
{
    assert(final_balance(5, 0, 3, 10) == 0);
}
