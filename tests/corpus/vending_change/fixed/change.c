/* Fewest coins for an amount in cents (coins 50, 20, 10, 5; amounts multiple of 5). */
#include <assert.h>

int coin_count(int amount)
{
    int coins[4];
    int n = 0;
    int i;
    coins[0] = 50;
    coins[1] = 20;
    coins[2] = 10;
    coins[3] = 5;
    for (i = 0; i < 4; i++) {
        n += amount / coins[i];
        amount %= coins[i];
    }
    return n;
}

void test_fifty(void)
{
    assert(coin_count(50) == 1);
}

void test_seventy(void)
{
    assert(coin_count(70) == 2);
}

void test_five(void)
{
    assert(coin_count(5) == 1);
}

void test_ninety_five(void)
{
    assert(coin_count(95) == 4);
}
