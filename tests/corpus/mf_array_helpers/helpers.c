#include <assert.h>

/* how many values are strictly above the threshold */
int count_above(const int a[], int n, int t)
{
    int i, c = 0;
    for (i = 0; i < n; i++)
        if (a[i] >= t)
            c++;
    return c;
}

/* position of the largest value (the first one on ties) */
int max_index(const int a[], int n)
{
    int i, best = 0;
    for (i = 1; i < n; i++)
        if (a[i] > best)
            best = i;
    return best;
}

void test_count_none(void)
{
    int a[] = {1, 2, 3};
    assert(count_above(a, 3, 5) == 0);
}

void test_count_equal_not_above(void)
{
    int a[] = {4, 5, 6, 5};
    assert(count_above(a, 4, 5) == 1);
}

void test_count_all(void)
{
    int a[] = {7, 8, 9};
    assert(count_above(a, 3, 0) == 3);
}

void test_max_first(void)
{
    int a[] = {9, 1, 2};
    assert(max_index(a, 3) == 0);
}

void test_max_last(void)
{
    int a[] = {1, 2, 30};
    assert(max_index(a, 3) == 2);
}

void test_max_middle(void)
{
    int a[] = {3, 8, 5, 1};
    assert(max_index(a, 4) == 1);
}

void test_max_small_values(void)
{
    int a[] = {2, 1, 0, 1};
    assert(max_index(a, 4) == 0);
}
