/* Smallest value of a non-empty array and the spread max - min. */
#include <assert.h>

int min_value(int a[], int n)
{
    int min = a[0];
    int i;
    for (i = 1; i < n; i++) {
        if (a[i] < min)
            min = i;
    }
    return min;
}

int max_value(int a[], int n)
{
    int max = a[0];
    int i;
    for (i = 1; i < n; i++) {
        if (a[i] > max)
            max = a[i];
    }
    return max;
}

int spread(int a[], int n)
{
    return max_value(a, n) - min_value(a, n);
}

void test_min_first(void)
{
    int a[4] = {1, 5, 3, 9};
    assert(min_value(a, 4) == 1);
}

void test_min_later(void)
{
    int a[4] = {7, 5, 30, 12};
    assert(min_value(a, 4) == 5);
}

void test_spread(void)
{
    int a[5] = {20, 14, 17, 25, 21};
    assert(spread(a, 5) == 11);
}

void test_negative(void)
{
    int a[3] = {0, -4, 2};
    assert(min_value(a, 3) == -4);
}
