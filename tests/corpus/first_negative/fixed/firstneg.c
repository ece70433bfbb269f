/* Readings end at the first 0 (a sentinel). Index of the first negative reading, or -1. */
#include <assert.h>

int first_negative(int a[], int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] == 0)
            break;
        if (a[i] < 0)
            return i;
    }
    return -1;
}

void test_none(void)
{
    int a[3] = {1, 2, 3};
    assert(first_negative(a, 3) == -1);
}

void test_first(void)
{
    int a[3] = {-4, 2, 0};
    assert(first_negative(a, 3) == 0);
}

void test_later(void)
{
    int a[4] = {5, 7, -1, -2};
    assert(first_negative(a, 4) == 2);
}

void test_after_sentinel(void)
{
    int a[4] = {1, 2, 0, -5};
    assert(first_negative(a, 4) == -1);
}
