/* Unit-test example with a non-terminating test: for odd n the loop in
   half_steps() steps over n and never stops.  Faultline must time the
   test out (step budget) rather than hang.  No main(). */
#include <assert.h>

/* Number of steps of size 2 needed to walk from 0 up to at least n (n >= 0). */
int half_steps(int n)
{
    unsigned int i = 0, steps = 0;
    while (i != (unsigned int)n) {
        i += 2;
        steps++;
    }
    return (int)steps;
}

int is_even(int n)
{
    return n % 2 == 0;
}

void test_zero(void)
{
    assert(half_steps(0) == 0);
}

void test_even(void)
{
    assert(half_steps(10) == 5);
}

void test_odd(void)
{
    assert(half_steps(7) == 4);
}

void test_is_even(void)
{
    assert(is_even(4) && !is_even(7));
}
