/* Two measurements agree when they differ by less than a tolerance. */
#include <assert.h>
#include <math.h>

int agree(double a, double b, double tol)
{
    return fabs(a - b) < tol;
}

void test_same(void)
{
    assert(agree(1.0, 1.0, 0.01) == 1);
}

void test_near(void)
{
    assert(agree(2.004, 2.0, 0.01) == 1);
}

void test_far_below(void)
{
    assert(agree(1.0, 5.0, 0.01) == 0);
}

void test_far_above(void)
{
    assert(agree(5.0, 1.0, 0.01) == 0);
}
