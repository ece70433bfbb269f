/* Manhattan distance between grid points, using a helper for the absolute value. */
#include <assert.h>

int my_abs(int x)
{
    if (x < 0)
        return -x;
    return x;
}

int manhattan(int x1, int y1, int x2, int y2)
{
    return my_abs(x1 - x2) + my_abs(y1 - y2);
}

void test_same(void)
{
    assert(manhattan(3, 4, 3, 4) == 0);
}

void test_right_up(void)
{
    assert(manhattan(0, 0, 3, 4) == 7);
}

void test_left_down(void)
{
    assert(manhattan(5, 5, 1, 2) == 7);
}

void test_mixed(void)
{
    assert(manhattan(-1, 2, 2, -2) == 7);
}
