/* Sum of the even numbers from 2 up to and including n. */
#include <assert.h>

int even_sum(int n)
{
    int s = 0, i;
    for (i = 2; i < n; i += 2)
        s += i;
    return s;
}

void test_none(void)
{
    assert(even_sum(1) == 0);
}

void test_odd_bound(void)
{
    assert(even_sum(5) == 6);
}

void test_four(void)
{
    assert(even_sum(4) == 6);
}

void test_ten(void)
{
    assert(even_sum(10) == 30);
}
