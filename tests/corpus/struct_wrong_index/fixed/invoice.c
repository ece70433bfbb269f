/* An invoice: line totals over an array of items, and a discount. */
#include <assert.h>

typedef struct {
    int qty;
    int price;
} Item;

int invoice_total(Item items[], int n)
{
    int total = 0;
    int i;
    for (i = 0; i < n; i++) {
        total += items[i].qty * items[i].price;
    }
    return total;
}

int discounted(Item items[], int n)
{
    int t = invoice_total(items, n);
    if (t > 100)
        t = t - t / 10;
    return t;
}

void test_single(void)
{
    Item a[1] = {{3, 7}};
    assert(invoice_total(a, 1) == 21);
}

void test_two(void)
{
    Item a[2] = {{2, 5}, {1, 30}};
    assert(invoice_total(a, 2) == 40);
}

void test_discount(void)
{
    Item a[3] = {{10, 8}, {1, 50}, {2, 1}};
    assert(discounted(a, 3) == 119);
}

void test_same_prices(void)
{
    Item a[2] = {{1, 4}, {5, 4}};
    assert(invoice_total(a, 2) == 24);
}
