/* Average speed over several legs: total distance over total time. */
#include <assert.h>
#include <math.h>

double average_speed(const double *km, const double *hours, int n)
{
    double dist = 0, time = 0;
    for (int i = 0; i < n; i++) {
        dist += km[i];
        time += hours[i];
    }
    return dist / time / n;
}

void test_single(void)
{
    double km[] = {100.0};
    double h[] = {2.0};
    assert(average_speed(km, h, 1) == 50.0);
}

void test_two_legs(void)
{
    double km[] = {60.0, 60.0};
    double h[] = {1.0, 0.5};
    assert(average_speed(km, h, 2) == 80.0);
}

void test_fraction(void)
{
    double km[] = {10.0, 5.0};
    double h[] = {0.5, 0.5};
    assert(average_speed(km, h, 2) == 15.0);
}
