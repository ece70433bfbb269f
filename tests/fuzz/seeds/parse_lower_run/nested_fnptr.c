#include <stdio.h>
struct pt { int x; int y; };
struct box { int id; struct pt lo; struct pt hi; };
typedef int (*unop)(int);
int inc(int v) { return v + 1; }
int dbl(int v) { return 2 * v; }
void pick(int (**pp)(int), int k) { *pp = k ? dbl : inc; }
void shift(struct pt *p, int d) { p->x += d; p->y -= d; }
int main(void) {
    struct box bs[2] = {{1, {0, 0}, {3, 4}}, {2, {1, 1}, {5, 5}}};
    struct box *q = bs;
    unop fs[2] = {inc, dbl};
    unop *f = fs;
    int (*g)(int) = inc;
    int n;
    if (scanf("%d", &n) != 1) return 1;
    pick(&g, n > 2);
    shift(&q[1].hi, n);
    shift(&q->lo, g(n));
    printf("%d %d %d\n", q[1].hi.x, bs[0].lo.y, (*(f + 1))(n) + f[0](q->lo.x));
    return 0;
}
