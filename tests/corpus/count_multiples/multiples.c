/* How many multiples of step lie in 1..limit (step > 0). */
#include <assert.h>

int count_multiples(int step, int limit)
{
    int count = 0;
    int k;
    for (k = step; k < limit; k += step)
        count++;
    return count;
}

void test_exact_end(void)
{
    assert(count_multiples(3, 12) == 4);
}

void test_inexact_end(void)
{
    assert(count_multiples(5, 23) == 4);
}

void test_none(void)
{
    assert(count_multiples(7, 6) == 0);
}

void test_step_one(void)
{
    assert(count_multiples(1, 5) == 5);
}
