/* Inventory records through struct pointers: the item holding the most value. */
#include <assert.h>

struct item {
    int id;
    int qty;
    int price;
};

long value(const struct item *it)
{
    return (long)it->qty * it->price;
}

struct item *richest(struct item *v, int n)
{
    struct item *best = v;
    int i;
    for (i = 1; i < n; i++) {
        if (value(&v[i]) > value(best))
            best = &v[i];
    }
    return best;
}

void test_middle(void)
{
    struct item s[3] = {{1, 2, 3}, {2, 10, 10}, {3, 1, 1}};
    assert(richest(s, 3)->id == 2);
}

void test_first(void)
{
    struct item s[2] = {{7, 5, 5}, {8, 1, 1}};
    struct item *r = richest(s, 2);
    assert(r->id == 7);
    assert(value(r) == 25);
}

void test_single(void)
{
    struct item s[1] = {{4, 1, 9}};
    assert(richest(s, 1) == &s[0]);
}
