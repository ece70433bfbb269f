/* Rectangles given by their corners (x1, y1) and (x2, y2), in any order. */
#include <assert.h>

int span(int a, int b)
{
    return a > b ? a - b : b - a;
}

int area(int x1, int y1, int x2, int y2)
{
    int w = span(x1, x2);
    int h = span(y1, y2);
    return w * h;
}

int perimeter(int x1, int y1, int x2, int y2)
{
    return 2 * (span(x1, x2) + span(y1, y2));
}

void test_square(void)
{
    assert(area(0, 0, 3, 3) == 9);
}

void test_wide(void)
{
    assert(area(1, 1, 5, 3) == 8);
}

void test_swapped_corners(void)
{
    assert(area(6, 4, 2, 1) == 12);
}

void test_perimeter(void)
{
    assert(perimeter(0, 0, 4, 2) == 12);
}
