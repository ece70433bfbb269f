/* Blocks needed for a staircase of `steps` steps (step i is i blocks high). */
#include <assert.h>

int blocks(int steps)
{
    int total = 0;
    int i;
    for (i = 1; i < steps; i++)
        total += i;
    return total;
}

void test_none(void)
{
    assert(blocks(0) == 0);
}

void test_one(void)
{
    assert(blocks(1) == 1);
}

void test_three(void)
{
    assert(blocks(3) == 6);
}

void test_five(void)
{
    assert(blocks(5) == 15);
}
