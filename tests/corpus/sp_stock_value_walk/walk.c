/* A pointer walk over struct records: the stock value and the count below a threshold. */
#include <assert.h>

struct part {
    int code;
    int count;
    int cost;
};

long stock_value(const struct part *v, int n)
{
    const struct part *p;
    long sum = 0;
    for (p = v; p < v + n; p++)
        sum += (long)p->count + p->cost;
    return sum;
}

int low_stock(const struct part *v, int n, int limit)
{
    int k = 0;
    const struct part *p;
    for (p = v; p != v + n; p++) {
        if (p->count < limit)
            k++;
    }
    return k;
}

struct part parts[4] = {{11, 5, 2}, {12, 0, 9}, {13, 12, 1}, {14, 3, 4}};

void test_value(void)
{
    assert(stock_value(parts, 4) == 34);
}

void test_value_one(void)
{
    assert(stock_value(parts + 2, 1) == 12);
}

void test_low(void)
{
    assert(low_stock(parts, 4, 4) == 2);
}
