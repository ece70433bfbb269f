#include <stdio.h>
struct point { int x; int y; };
struct rect { struct point lo; struct point hi; };

int area(struct rect r) {
    return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y);
}

int contains(struct rect r, struct point p) {
    return p.x >= r.lo.x && p.x <= r.hi.x && p.y >= r.lo.y && p.y <= r.hi.y;
}

struct rect intersect(struct rect a, struct rect b) {
    struct rect r;
    r.lo.x = a.lo.x > b.lo.x ? a.lo.x : b.lo.x;
    r.lo.y = a.lo.y > b.lo.y ? a.lo.y : b.lo.y;
    r.hi.x = a.hi.x < b.hi.x ? a.hi.x : b.hi.x;
    r.hi.y = a.hi.y < b.hi.y ? a.hi.y : b.hi.y;
    if (r.hi.x < r.lo.x || r.hi.y < r.lo.y) {
        r.hi = r.lo;
    }
    return r;
}

int main(void) {
    struct rect a = {{0, 0}, {4, 3}};
    struct rect b = {{2, 1}, {6, 5}};
    struct point p = {3, 2};
    struct rect c = intersect(a, b);
    printf("area a=%d b=%d c=%d\n", area(a), area(b), area(c));
    printf("c = [%d,%d]-[%d,%d]\n", c.lo.x, c.lo.y, c.hi.x, c.hi.y);
    printf("p in a: %d, p in c: %d\n", contains(a, p), contains(c, p));
    printf("sizeof(struct rect)=%d\n", (int)sizeof(struct rect));
    return 0;
}
