#include <assert.h>

int sum_digits(int n)
{
    int s = 0;
    while (n > 0) {
        s += n % 10;
        n /= 10;
    }
    return s;
}

int reverse(int n)
{
    int r = 0;
    while (n > 0) {
        r = r * 10 + n % 10;
        n = n / 10;
    }
    return r;
}

int is_palindrome(int n)
{
    return reverse(n) == n;
}

void test_sum_one_digit(void)
{
    assert(sum_digits(7) == 7);
}

void test_sum_three_digits(void)
{
    assert(sum_digits(123) == 6);
}

void test_sum_zero_inside(void)
{
    assert(sum_digits(1009) == 10);
}

void test_reverse_two(void)
{
    assert(reverse(12) == 21);
}

void test_reverse_four(void)
{
    assert(reverse(1234) == 4321);
}

void test_reverse_one(void)
{
    assert(reverse(5) == 5);
}

void test_palindrome_yes(void)
{
    assert(is_palindrome(121));
}

void test_palindrome_no(void)
{
    assert(!is_palindrome(123));
}

void test_sum_zero(void)
{
    assert(sum_digits(0) == 0);
}

void test_reverse_trailing_zero(void)
{
    assert(reverse(120) == 21);
}
