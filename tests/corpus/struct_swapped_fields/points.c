/* Points on a grid: construction, translation and a reflection. */
#include <assert.h>

typedef struct {
    int x;
    int y;
} Point;

Point make_point(int x, int y)
{
    Point p = {y, x};
    return p;
}

Point translate(Point p, int dx, int dy)
{
    p.x += dx;
    p.y += dy;
    return p;
}

int quadrant(Point p)
{
    if (p.x >= 0 && p.y >= 0)
        return 1;
    if (p.x < 0 && p.y >= 0)
        return 2;
    if (p.x < 0)
        return 3;
    return 4;
}

void test_origin(void)
{
    Point p = make_point(0, 0);
    assert(quadrant(p) == 1);
}

void test_diagonal(void)
{
    Point p = make_point(3, 3);
    assert(quadrant(translate(p, -5, -5)) == 3);
}

void test_second(void)
{
    Point p = make_point(-2, 7);
    assert(quadrant(p) == 2);
}

void test_fourth(void)
{
    Point p = translate(make_point(1, 1), 4, -9);
    assert(p.x == 5);
    assert(quadrant(p) == 4);
}
