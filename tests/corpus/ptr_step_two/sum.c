/* Sum of an array, walking it with a pointer. */
#include <assert.h>

int sum(int *v, int n)
{
    int *p = v;
    int s = 0;
    while (p < v + n) {
        s += *p;
        p += 2;
    }
    return s;
}

void test_empty(void)
{
    int v[1] = {7};
    assert(sum(v, 0) == 0);
}

void test_one(void)
{
    int v[1] = {7};
    assert(sum(v, 1) == 7);
}

void test_four(void)
{
    int v[4] = {1, 2, 3, 4};
    assert(sum(v, 4) == 10);
}

void test_three(void)
{
    int v[3] = {5, -1, 2};
    assert(sum(v, 3) == 6);
}
