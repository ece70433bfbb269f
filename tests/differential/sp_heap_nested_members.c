/* Nested structs inside malloc'd records reached through pointers: `&b->hi` and `&b[i].lo`
 * (a first member) kept as struct pointers, stores through them (`p->x = ...`), passed to
 * functions, and a block grown with realloc. */
#include <stdio.h>
#include <stdlib.h>

struct pt { int x; int y; };
struct box { struct pt lo; int id; struct pt hi; char tag; };

void shift(struct pt *p, int dx, int dy)
{
    p->x += dx;
    p->y += dy;
}

int area(const struct box *b)
{
    const struct pt *l = &b->lo, *h = &b->hi;
    return (h->x - l->x) * (h->y - l->y);
}

int main(void)
{
    int n, d, i, total = 0;
    struct box *bs;
    struct pt *p;
    if (scanf("%d %d", &n, &d) != 2 || n < 1 || n > 6)
        return 1;
    bs = malloc(n * sizeof *bs);
    if (bs == NULL)
        return 1;
    for (i = 0; i < n; i++) {
        struct box *b = &bs[i];
        p = &b->hi;
        p->x = i + 2;
        p->y = 2 * i + 3;
        p = &bs[i].lo;
        p->x = i - 1;
        p->y = -i;
        b->id = 10 * i;
        b->tag = 'a' + i;
    }
    for (i = 0; i < n; i++) {
        shift(&bs[i].hi, d, i % 2);
        if (i % 2 == 0)
            shift(&(bs + i)->lo, -1, 0);
    }
    bs = realloc(bs, (n + 1) * sizeof *bs);
    if (bs == NULL)
        return 1;
    p = &bs[n].lo;
    p->x = 0;
    p->y = 0;
    p = &bs[n].hi;
    p->x = d;
    p->y = d + 1;
    bs[n].id = -1;
    bs[n].tag = 'z';
    for (i = 0; i <= n; i++) {
        struct pt *h = &bs[i].hi;
        printf("%c%d lo=(%d,%d) hi=(%d,%d) area=%d\n", bs[i].tag, bs[i].id, bs[i].lo.x,
               bs[i].lo.y, h->x, h->y, area(bs + i));
        total += area(&bs[i]);
    }
    printf("total=%d\n", total);
    free(bs);
    return 0;
}
