/* A discount applied to records through a pointer, and the basket total. */
#include <assert.h>

struct line {
    int qty;
    int price;
};

void discount(struct line *l, int percent)
{
    l->price = l->price * (100 + percent) / 100;
}

int total(const struct line *v, int n)
{
    int sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum += v[i].qty * v[i].price;
    return sum;
}

void test_half(void)
{
    struct line l = {3, 40};
    discount(&l, 50);
    assert(l.price == 20);
    assert(l.qty == 3);
}

void test_basket(void)
{
    struct line b[2] = {{2, 100}, {1, 50}};
    discount(&b[0], 10);
    assert(total(b, 2) == 230);
}

void test_none(void)
{
    struct line l = {5, 7};
    discount(&l, 0);
    assert(total(&l, 1) == 35);
}
