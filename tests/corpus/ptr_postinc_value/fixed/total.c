/* Total of the next n values of a sequence, read through a moving pointer. */
#include <assert.h>

int total(int *p, int n)
{
    int s = 0;
    int x;
    while (n-- > 0) {
        x = *p++;
        s += x;
    }
    return s;
}

void test_none(void)
{
    int v[2] = {4, 5};
    assert(total(v, 0) == 0);
}

void test_one(void)
{
    int v[2] = {4, 5};
    assert(total(v, 1) == 4);
}

void test_three(void)
{
    int v[3] = {10, 20, 30};
    assert(total(v, 3) == 60);
}

void test_negative(void)
{
    int v[4] = {-1, 7, 0, 2};
    assert(total(v, 4) == 8);
}
