/* Nested structs reached through pointers: `&p->inner` passed on as a struct pointer,
 * `p->inner.x`, `&s.inner`, `&q[i].hi` over an array of records, and a global table. */
#include <stdio.h>

struct pt { int x; int y; };
struct box { int id; struct pt lo; struct pt hi; char tag; };

struct box shelf[2] = {{7, {1, 1}, {4, 5}, 'a'}, {8, {-2, 0}, {2, 3}, 'b'}};

int width(const struct pt *a, const struct pt *b) { return b->x - a->x; }
int height(const struct pt *a, const struct pt *b) { return b->y - a->y; }

int area(const struct box *b)
{
    const struct pt *l = &b->lo;
    return width(l, &b->hi) * height(&b->lo, &b->hi);
}

void shift(struct pt *p, int dx, int dy)
{
    p->x += dx;
    p->y += dy;
}

void grow(struct box *b, int d)
{
    shift(&b->lo, -d, -d);
    shift(&b->hi, d, d);
}

int main(void)
{
    struct box bs[3];
    struct box *q = bs;
    struct box one;
    struct pt *c;
    int i, n, total = 0;
    if (scanf("%d", &n) != 1)
        return 1;
    for (i = 0; i < 3; i++) {
        bs[i].id = i;
        bs[i].lo.x = i;
        bs[i].lo.y = -i;
        bs[i].hi.x = i + n;
        bs[i].hi.y = 2 * n;
        bs[i].tag = 'p' + i;
    }
    shift(&q[1].hi, 1, 0);
    grow(q + 2, n % 3);
    for (i = 0; i < 3; i++) {
        struct box *b = &q[i];
        printf("%c%d lo=(%d,%d) hi=(%d,%d) area=%d\n", b->tag, (q + i)->id, b->lo.x,
               b->lo.y, b->hi.x, b->hi.y, area(b));
        total += area(q + i);
    }
    one = bs[1];
    c = &one.hi;
    c->y = 7;
    shift(&one.lo, 0, 1);
    printf("one: %d %d total=%d\n", area(&one), bs[1].hi.y, total);
    for (i = 0; i < 2; i++) {
        struct box *s = shelf + i;
        struct pt *h = &s->hi;
        grow(s, 1);
        h->x *= 2;
        printf("shelf %d: %c hi.x=%d area=%d\n", s->id, s->tag, shelf[i].hi.x, area(&shelf[i]));
    }
    return 0;
}
