/* Sum of the decimal digits of a non-negative number, and its digital root. */
#include <assert.h>

int digit_sum(int n)
{
    int sum = 0;
    while (n > 0) {
        sum += n % 10;
        n /= 10;
    }
    return sum;
}

int digital_root(int n)
{
    while (n >= 10)
        n = digit_sum(n);
    return n;
}

void test_zero(void)
{
    assert(digit_sum(0) == 0);
}

void test_single_digit(void)
{
    assert(digit_sum(7) == 7);
}

void test_three_digits(void)
{
    assert(digit_sum(123) == 6);
}

void test_root(void)
{
    assert(digital_root(389) == 2);
}
