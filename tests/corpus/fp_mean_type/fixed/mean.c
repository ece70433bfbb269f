/* Mean of measurements, then how far a value is from it. */
#include <assert.h>

double deviation(const double *xs, int n, double x)
{
    double total = 0;
    for (int i = 0; i < n; i++)
        total += xs[i];
    double mean = total / n;
    return x - mean;
}

void test_zero(void)
{
    double xs[] = {1.0, 2.0, 3.0};
    assert(deviation(xs, 3, 2.0) == 0.0);
}

void test_fraction(void)
{
    double xs[] = {1.0, 2.0};
    assert(deviation(xs, 2, 2.0) == 0.5);
}

void test_small(void)
{
    double xs[] = {0.25, 0.5};
    assert(deviation(xs, 2, 1.0) == 0.625);
}
