/* Count the strictly positive entries of an array. */
#include <assert.h>

int count_positive(int a[], int n)
{
    int count = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] >= 0)
            count++;
    }
    return count;
}

void test_all_positive(void)
{
    int a[4] = {3, 1, 4, 1};
    assert(count_positive(a, 4) == 4);
}

void test_mixed(void)
{
    int a[5] = {-2, 5, -7, 8, 9};
    assert(count_positive(a, 5) == 3);
}

void test_with_zero(void)
{
    int a[4] = {0, 2, -1, 0};
    assert(count_positive(a, 4) == 1);
}

void test_empty(void)
{
    int a[1] = {7};
    assert(count_positive(a, 0) == 0);
}

void test_only_zeros(void)
{
    int a[3] = {0, 0, 0};
    assert(count_positive(a, 3) == 0);
}
