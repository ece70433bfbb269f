/* Two sensors log five readings each; the report asks for the spread (largest minus
 * smallest reading) of the second sensor. */
#include <assert.h>

int first[5];
int second[5];

void load(const int *a, const int *b)
{
    for (int i = 0; i < 5; i++) {
        first[i] = a[i];
        second[i] = b[i];
    }
}

int spread_second(int n)
{
    const int *r = first;
    int lo = r[0], hi = r[0];
    for (int i = 1; i < n; i++) {
        if (r[i] < lo)
            lo = r[i];
        if (r[i] > hi)
            hi = r[i];
    }
    return hi - lo;
}

void test_same_readings(void)
{
    int a[5] = {3, 8, 1, 9, 4};
    int b[5] = {3, 8, 1, 9, 4};
    load(a, b);
    assert(spread_second(5) == 8);
}

void test_flat_second(void)
{
    int a[5] = {1, 2, 3, 4, 5};
    int b[5] = {7, 7, 7, 7, 7};
    load(a, b);
    assert(spread_second(5) == 0);
}

void test_wide_second(void)
{
    int a[5] = {5, 5, 6, 5, 5};
    int b[5] = {-4, 10, 2, 0, 3};
    load(a, b);
    assert(spread_second(5) == 14);
}

void test_prefix(void)
{
    int a[5] = {0, 9, 0, 0, 0};
    int b[5] = {2, 6, 0, 0, 0};
    load(a, b);
    assert(spread_second(2) == 4);
}
