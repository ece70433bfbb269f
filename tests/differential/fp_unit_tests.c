#include <assert.h>
#include <math.h>
double area(double r) { return M_PI * r * r; }
void test_area(void) { assert(fabs(area(1) - 3.14159265) < 1e-6); }
void test_zero(void) { assert(area(0) == 0); }
void test_neg_zero(void) { assert(-0.0 == 0.0); }
int main(void) { test_area(); test_zero(); test_neg_zero(); return 0; }
