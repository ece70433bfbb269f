#include <stdio.h>
typedef struct {
    int x, y;
} Point;

Point make_point(int x, int y) {
    Point p;
    p.x = x;
    p.y = y;
    return p;
}

Point add(Point a, Point b) {
    Point r = {a.x + b.x, a.y + b.y};
    return r;
}

int manhattan(Point a, Point b) {
    int dx = a.x - b.x, dy = a.y - b.y;
    if (dx < 0) dx = -dx;
    if (dy < 0) dy = -dy;
    return dx + dy;
}

int main(void) {
    int x1, y1, x2, y2;
    if (scanf("%d %d %d %d", &x1, &y1, &x2, &y2) != 4) return 1;
    Point a = make_point(x1, y1);
    Point b = make_point(x2, y2);
    Point c = add(a, b);
    printf("sum = (%d, %d)\n", c.x, c.y);
    printf("distance = %d\n", manhattan(a, b));
    c = add(add(a, b), make_point(1, 1));
    printf("sum+1 = (%d, %d)\n", c.x, c.y);
    return 0;
}
