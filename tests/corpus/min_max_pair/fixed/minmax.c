/* Minimum and maximum of a non-empty array, packed as lo * 1000 + hi for the tests. */
#include <assert.h>

int min_max(int a[], int n)
{
    int lo = a[0];
    int hi = a[0];
    int i;
    for (i = 1; i < n; i++) {
        if (a[i] < lo)
            lo = a[i];
        if (a[i] > hi)
            hi = a[i];
    }
    return lo * 1000 + hi;
}

void test_positive(void)
{
    int a[4] = {5, 3, 9, 7};
    assert(min_max(a, 4) == 3009);
}

void test_negative(void)
{
    int a[3] = {-2, -8, -5};
    assert(min_max(a, 3) == -8002);
}

void test_single(void)
{
    int a[1] = {4};
    assert(min_max(a, 1) == 4004);
}

void test_sorted(void)
{
    int a[3] = {1, 2, 3};
    assert(min_max(a, 3) == 1003);
}
