/* Euclidean distance between two points. */
#include <assert.h>
#include <math.h>

double distance(double x1, double y1, double x2, double y2)
{
    double dx = x2 - x1;
    double dy = y2 - y1;
    return sqrt(dx * dx + dy * dy);
}

void test_horizontal(void)
{
    assert(distance(0, 0, 3, 0) == 3.0);
}

void test_triangle(void)
{
    assert(distance(0, 0, 3, 4) == 5.0);
}

void test_shifted(void)
{
    assert(distance(1, 1, 4, 5) == 5.0);
}
