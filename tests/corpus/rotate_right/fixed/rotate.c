/* Rotate an array right by one position: the last element becomes the first. */
#include <assert.h>

void rotate_right(int a[], int n)
{
    int last = a[n - 1];
    int i;
    for (i = n - 1; i > 0; i--)
        a[i] = a[i - 1];
    a[0] = last;
}

void test_three(void)
{
    int a[3] = {1, 2, 3};
    rotate_right(a, 3);
    assert(a[0] == 3);
    assert(a[1] == 1);
    assert(a[2] == 2);
}

void test_pair(void)
{
    int a[2] = {5, 9};
    rotate_right(a, 2);
    assert(a[0] == 9);
    assert(a[1] == 5);
}

void test_single(void)
{
    int a[1] = {4};
    rotate_right(a, 1);
    assert(a[0] == 4);
}
