/* Population count and parity of a non-negative int. */
#include <assert.h>

int count_bits(int x)
{
    int count = 0;
    while (x != 0) {
        count += x & 1;
        x >>= 1;
    }
    return count;
}

int parity(int x)
{
    return count_bits(x) % 2;
}

void test_zero(void)
{
    assert(count_bits(0) == 0);
}

void test_seven(void)
{
    assert(count_bits(7) == 3);
}

void test_power_of_two(void)
{
    assert(count_bits(64) == 1);
}

void test_parity(void)
{
    assert(parity(5) == 0);
}
