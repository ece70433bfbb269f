/* Small statistics over an int array. */
#include <assert.h>

int sum(int a[], int n)
{
    int s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

/* how many values are strictly above the mean (compared exactly: a[i] > total / n) */
int above_mean(int a[], int n)
{
    int total = sum(a, n);
    int count = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] * n > total)
            count++;
    }
    return count;
}

int range(int a[], int n)
{
    int min = a[0], max = a[0];
    int i;
    for (i = 1; i < n; i++) {
        if (a[i] < min) min = a[i];
        if (a[i] > max) max = a[i];
    }
    return max - min;
}

void test_sum(void)
{
    int a[3] = {4, 5, 6};
    assert(sum(a, 3) == 15);
}

void test_above(void)
{
    int a[4] = {1, 2, 3, 6};
    assert(above_mean(a, 4) == 1);
}

void test_above_equal(void)
{
    int a[3] = {2, 2, 2};
    assert(above_mean(a, 3) == 0);
}

void test_range(void)
{
    int a[4] = {7, 3, 9, 4};
    assert(range(a, 4) == 6);
}
