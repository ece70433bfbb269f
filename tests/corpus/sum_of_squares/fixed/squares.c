/* Sum of squares and a Pythagorean-triple test built on a square helper. */
#include <assert.h>

int square(int x)
{
    return x * x;
}

int sum_of_squares(int n)
{
    int s = 0;
    int i;
    for (i = 1; i <= n; i++)
        s += square(i);
    return s;
}

int is_right_triangle(int a, int b, int c)
{
    return square(a) + square(b) == square(c);
}

void test_sum_one(void)
{
    assert(sum_of_squares(1) == 1);
}

void test_sum_three(void)
{
    assert(sum_of_squares(3) == 14);
}

void test_right(void)
{
    assert(is_right_triangle(3, 4, 5) == 1);
}

void test_not_right(void)
{
    assert(is_right_triangle(2, 3, 4) == 0);
}
