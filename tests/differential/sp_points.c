#include <stdio.h>

struct point { int x, y; };
struct rect { struct point lo, hi; };

void translate(struct point *p, int dx, int dy) { p->x += dx; p->y += dy; }
void scale(struct point *p, int k) { (*p).x *= k; p->y = p->y * k; }
long area(const struct rect *r) { return (long)(r->hi.x - r->lo.x) * (r->hi.y - r->lo.y); }
int inside(const struct rect *r, const struct point *p) {
  return p->x >= r->lo.x && p->x <= r->hi.x && p->y >= r->lo.y && p->y <= r->hi.y;
}

int main(void) {
  struct rect r;
  struct point p;
  scanf("%d %d %d %d", &r.lo.x, &r.lo.y, &r.hi.x, &r.hi.y);
  scanf("%d %d", &p.x, &p.y);
  printf("area %ld, inside %d\n", area(&r), inside(&r, &p));
  translate(&p, 1, -1);
  scale(&r.hi, 2);
  printf("p=(%d,%d) hi=(%d,%d) area %ld inside %d\n", p.x, p.y, r.hi.x, r.hi.y, area(&r), inside(&r, &p));
  int *px = &p.x;
  *px = 100;
  printf("%d\n", p.x);
  return 0;
}
