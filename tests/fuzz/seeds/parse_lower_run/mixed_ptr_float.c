#include <stdio.h>
#include <math.h>
#include <assert.h>
void polar(double x, double y, double *r, double *theta) { *r = sqrt(x * x + y * y); *theta = atan2(y, x); }
void scale(float *v, int n, float k) { for (int i = 0; i < n; i++) v[i] *= k; }
void test_polar(void) {
    double r, t;
    polar(3.0, 4.0, &r, &t);
    assert(r == 5.0 && t > 0.92 && t < 0.93);
    float v[3] = {1.f, .5f, 2e0f};
    scale(v, 3, 2.f);
    assert(v[1] == 1.0f);
    double *p = &r;
    *p = -*p;
    assert(fabs(r) == 5.);
}
