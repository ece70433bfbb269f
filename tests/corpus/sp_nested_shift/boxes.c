/* Boxes with nested corner points, moved through pointers to their members (`&b->lo`). */
#include <assert.h>

struct pt { int x; int y; };
struct box { int id; struct pt lo; struct pt hi; };

void shift(struct pt *p, int dx, int dy)
{
    p->x += dx;
    p->y += dx;
}

void move(struct box *b, int dx, int dy)
{
    shift(&b->lo, dx, dy);
    shift(&b->hi, dx, dy);
}

int area(const struct box *b)
{
    return (b->hi.x - b->lo.x) * (b->hi.y - b->lo.y);
}

int center_y2(const struct box *b) { return b->lo.y + b->hi.y; }

void test_area_after_move(void) { struct box b = {1, {0, 0}, {2, 3}}; move(&b, 5, 1); assert(area(&b) == 6); }
void test_diagonal(void) { struct box bs[2] = {{1, {0, 0}, {1, 1}}, {2, {1, 1}, {4, 4}}}; move(&bs[1], 2, 2); assert(bs[1].lo.x == 3 && bs[1].hi.y == 6); }
void test_vertical(void) { struct box bs[2] = {{1, {0, 0}, {1, 1}}, {2, {0, 0}, {2, 2}}}; move(bs + 1, 0, 3); assert(center_y2(&bs[1]) == 8); }
void test_horizontal(void) { struct box b = {3, {1, 2}, {3, 4}}; move(&b, 4, 0); assert(b.lo.x == 5 && b.lo.y == 2); }
