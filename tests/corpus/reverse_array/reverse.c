/* Reverse an array in place. */
#include <assert.h>

void reverse(int a[], int n)
{
    int i = 0;
    int j = n;
    while (i < j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
    }
}

void test_odd(void)
{
    int a[5] = {1, 2, 3, 4, 5};
    reverse(a, 5);
    assert(a[0] == 5);
    assert(a[2] == 3);
    assert(a[4] == 1);
}

void test_even(void)
{
    int a[4] = {10, 20, 30, 40};
    reverse(a, 4);
    assert(a[0] == 40);
    assert(a[3] == 10);
}

void test_prefix(void)
{
    int a[5] = {7, 8, 9, 0, 0};
    reverse(a, 3);
    assert(a[0] == 9);
    assert(a[1] == 8);
    assert(a[3] == 0);
}

void test_single(void)
{
    int a[1] = {6};
    reverse(a, 1);
    assert(a[0] == 6);
}
