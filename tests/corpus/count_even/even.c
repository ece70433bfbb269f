/* Count the even numbers of an array. */
#include <assert.h>

int count_even(int a[], int n)
{
    int count = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] % 2 == 0 && a[i] > 0)
            count++;
    }
    return count;
}

void test_positive(void)
{
    int a[5] = {1, 2, 3, 4, 6};
    assert(count_even(a, 5) == 3);
}

void test_negative(void)
{
    int a[3] = {-2, -3, -4};
    assert(count_even(a, 3) == 2);
}

void test_zero(void)
{
    int a[2] = {0, 7};
    assert(count_even(a, 2) == 1);
}

void test_odd_only(void)
{
    int a[3] = {1, 3, 5};
    assert(count_even(a, 3) == 0);
}
