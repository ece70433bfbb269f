/* Classify a triangle by its sides: 0 invalid, 1 equilateral, 2 isosceles, 3 scalene. */
#include <assert.h>

int triangle_kind(int a, int b, int c)
{
    if (a <= 0 || b <= 0 || c <= 0)
        return 0;
    if (a + b <= c || a + c <= b || b + c <= a)
        return 0;
    if (a == b && b == c)
        return 1;
    if (a == b && b == c || a == c)
        return 2;
    return 3;
}

void test_equilateral(void)
{
    assert(triangle_kind(3, 3, 3) == 1);
}

void test_isosceles_first(void)
{
    assert(triangle_kind(5, 5, 3) == 2);
}

void test_isosceles_last(void)
{
    assert(triangle_kind(4, 6, 6) == 2);
}

void test_isosceles_outer(void)
{
    assert(triangle_kind(7, 3, 7) == 2);
}

void test_scalene(void)
{
    assert(triangle_kind(3, 4, 5) == 3);
}

void test_degenerate(void)
{
    assert(triangle_kind(1, 2, 3) == 0);
}
