/* Largest element of a non-empty array, and its position. */
#include <assert.h>

int max_index(int a[], int n)
{
    int best = 0;
    int i;
    for (i = 1; i < n; i++) {
        if (a[i] > a[best])
            best = i;
    }
    return best;
}

void test_first(void)
{
    int a[4] = {9, 2, 5, 12};
    assert(max_index(a, 3) == 0);
}

void test_middle(void)
{
    int a[6] = {1, 8, 3, 8, 2, 0};
    assert(max_index(a, 5) == 1);
}

void test_last(void)
{
    int a[5] = {-5, -4, -3, -2, -9};
    assert(max_index(a, 4) == 3);
}

void test_prefix(void)
{
    int a[6] = {4, 6, 1, 7, 0, 0};
    assert(max_index(a, 3) == 1);
}
