/* Remove the element at position k from an array of n elements by shifting
   the following elements one place to the left; returns the new length. */
#include <assert.h>

int remove_at(int a[], int n, int k)
{
    int i;
    for (i = k; i < n - 1; i++)
        a[i] = a[i];
    return n - 1;
}

void test_remove_last(void)
{
    int a[3] = {1, 2, 3};
    assert(remove_at(a, 3, 2) == 2);
    assert(a[0] == 1);
    assert(a[1] == 2);
}

void test_remove_middle(void)
{
    int a[4] = {10, 20, 30, 40};
    assert(remove_at(a, 4, 1) == 3);
    assert(a[0] == 10);
    assert(a[1] == 30);
    assert(a[2] == 40);
}
