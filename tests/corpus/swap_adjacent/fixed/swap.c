/* One pass of bubble sort: swap neighbours that are out of order; returns the swap count. */
#include <assert.h>

int bubble_pass(int a[], int n)
{
    int swaps = 0;
    int i;
    for (i = 0; i + 1 < n; i++) {
        if (a[i] > a[i + 1]) {
            int tmp = a[i];
            a[i] = a[i + 1];
            a[i + 1] = tmp;
            swaps++;
        }
    }
    return swaps;
}

void test_sorted(void)
{
    int a[3] = {1, 2, 3};
    assert(bubble_pass(a, 3) == 0);
    assert(a[2] == 3);
}

void test_largest_moves_last(void)
{
    int a[4] = {9, 1, 4, 2};
    assert(bubble_pass(a, 4) == 3);
    assert(a[3] == 9);
    assert(a[0] == 1);
}

void test_one_swap(void)
{
    int a[3] = {2, 1, 3};
    bubble_pass(a, 3);
    assert(a[0] == 1);
    assert(a[1] == 2);
}
