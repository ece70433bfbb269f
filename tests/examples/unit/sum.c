/* Unit-test example: four tests, no main().  Faultline runs each
   void test_*(void) function separately; a failing assert fails the test. */
#include <assert.h>

/* Sum of the first n elements of a. */
int sum(int a[], int n)
{
    int s = 0, i;
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

/* 1 + 2 + ... + n */
int sum_upto(int n)
{
    int s = 0, i;
    for (i = 1; i < n; i++)
        s += i;
    return s;
}

/* Integer mean, 0 for an empty array. */
int mean(int a[], int n)
{
    return n > 0 ? sum(a, n) / n : 0;
}

void test_sum_array(void)
{
    int a[4] = {1, 2, 3, 4};
    assert(sum(a, 4) == 10);
}

void test_sum_empty(void)
{
    int a[1] = {7};
    assert(sum(a, 0) == 0);
}

void test_mean(void)
{
    int a[3] = {3, 5, 10};
    assert(mean(a, 3) == 6);
}

void test_sum_upto(void)
{
    assert(sum_upto(4) == 10);
}
