/* Largest of three and the largest of an array, both through a two-argument helper. */
#include <assert.h>

int max2(int a, int b)
{
    return a < b ? a : b;
}

int max3(int a, int b, int c)
{
    return max2(max2(a, b), c);
}

int max_array(int a[], int n)
{
    int m = a[0];
    int i;
    for (i = 1; i < n; i++)
        m = max2(m, a[i]);
    return m;
}

void test_equal(void)
{
    assert(max3(4, 4, 4) == 4);
}

void test_last(void)
{
    assert(max3(1, 2, 3) == 3);
}

void test_array(void)
{
    int a[4] = {3, 8, 1, 5};
    assert(max_array(a, 4) == 8);
}
