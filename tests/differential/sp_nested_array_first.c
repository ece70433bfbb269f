/* A nested struct whose first member is an array: `&o.a`, `&o.a.v[1]`, `&r->a` and
 * `&q[i].a` as struct pointers (stack, global and heap records), read and written through;
 * also as a later member (`&w->in` of `struct rec { int id; struct in in; }`). */
#include <stdio.h>
#include <stdlib.h>

struct in { int v[3]; int n; };
struct out { struct in a; int k; };

struct rec { int id; struct in in; char tag; };

struct out table[2] = {{{{1, 2, 3}, 3}, 5}, {{{4, 0, 0}, 1}, 6}};

int sum(const struct in *q)
{
    int s = 0, i;
    for (i = 0; i < q->n; i++)
        s += q->v[i];
    return s;
}

void push(struct in *q, int x)
{
    if (q->n < 3)
        q->v[q->n++] = x;
}

int main(void)
{
    struct out o, rs[3];
    struct out *r = rs, *h;
    struct in *q;
    int *p, x, i;
    if (scanf("%d", &x) != 1)
        return 1;
    o.a.v[0] = x;
    o.a.v[1] = 2;
    o.a.v[2] = 3;
    o.a.n = 2;
    o.k = 7;
    p = &o.a.v[1];
    *p += x;
    q = &o.a;
    push(q, x * 2);
    printf("o: %d %d %d n=%d sum=%d k=%d\n", o.a.v[0], o.a.v[1], o.a.v[2], q->n, sum(&o.a), o.k);
    for (i = 0; i < 3; i++) {
        rs[i].a.n = 0;
        rs[i].k = i;
        push(&r[i].a, i + x);
        push(&(r + i)->a, i);
    }
    q = &r->a;
    push(q, 9);
    for (i = 0; i < 3; i++)
        printf("rs[%d]: n=%d sum=%d k=%d\n", i, rs[i].a.n, sum(&rs[i].a), rs[i].k);
    for (i = 0; i < 2; i++) {
        struct in *t = &table[i].a;
        push(t, x);
        printf("table[%d]: n=%d sum=%d v2=%d\n", i, t->n, sum(t), table[i].a.v[2]);
    }
    h = malloc(2 * sizeof *h);
    if (h == NULL)
        return 1;
    for (i = 0; i < 2; i++) {
        q = &h[i].a;
        q->n = 0;
        push(q, x + i);
        push(&h[i].a, 3);
        h[i].k = sum(q);
    }
    p = &h[1].a.v[0];
    *p = -x;
    printf("heap: %d %d n=%d\n", h[0].k + h[1].k, sum(&h[1].a), h[1].a.n);
    free(h);
    {
        struct rec rl[2], *w = rl, *hw = malloc(3 * sizeof *hw);
        if (hw == NULL)
            return 1;
        for (i = 0; i < 2; i++) {
            w[i].id = i;
            w[i].tag = 'm' + i;
            q = &w[i].in;
            q->n = 0;
            push(q, x - i);
        }
        q = &w->in;
        push(q, 5);
        push(&(w + 1)->in, 6);
        for (i = 0; i < 3; i++) {
            struct rec *e = hw + i;
            e->id = 100 + i;
            e->tag = 'h';
            q = &e->in;
            q->n = 0;
            push(q, i * x);
            push(&hw[i].in, e->id);
        }
        p = &hw[2].in.v[1];
        *p -= 1;
        for (i = 0; i < 2; i++)
            printf("rec %d %c n=%d sum=%d\n", rl[i].id, rl[i].tag, rl[i].in.n, sum(&rl[i].in));
        for (i = 0; i < 3; i++)
            printf("hrec %d %c n=%d sum=%d\n", hw[i].id, hw[i].tag, hw[i].in.n, sum(&hw[i].in));
        free(hw);
    }
    return 0;
}
