/* Sum and average of the first n elements, through a pointer. */
#include <assert.h>

int sum(int *v, int n)
{
    int s = 0;
    int *p;
    for (p = v; p < v + n; p++)
        s += *p;
    return s;
}

int average(int *v, int n)
{
    if (n == 0)
        return 0;
    return sum(v, n) / n;
}

void test_sum(void)
{
    int v[3] = {1, 2, 3};
    assert(sum(v, 3) == 6);
}

void test_prefix(void)
{
    int v[5] = {4, 4, 4, 100, 100};
    assert(sum(v, 3) == 12);
}

void test_average(void)
{
    int v[4] = {2, 4, 6, 8};
    assert(average(v, 4) == 5);
}

void test_empty(void)
{
    int v[1] = {0};
    assert(average(v, 0) == 0);
}
