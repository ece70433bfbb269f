/* Rectangles made of two corner points: area, and whether one contains a point. */
#include <assert.h>

struct point {
    int x;
    int y;
};

struct rect {
    struct point lo;
    struct point hi;
};

int width(struct rect r)
{
    return r.hi.x - r.lo.y;
}

int height(struct rect r)
{
    return r.hi.y - r.lo.y;
}

int area(struct rect r)
{
    return width(r) * height(r);
}

void test_unit(void)
{
    struct rect r = {{0, 0}, {1, 1}};
    assert(area(r) == 1);
}

void test_offset(void)
{
    struct rect r = {{2, 1}, {5, 4}};
    assert(area(r) == 9);
}

void test_wide(void)
{
    struct rect r = {{1, 3}, {9, 5}};
    assert(width(r) == 8);
    assert(area(r) == 16);
}
