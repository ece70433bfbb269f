#include <stdio.h>
#include <assert.h>
double a = 1., b = .5, c = 1e-3, d = 2.5E+2, h = 0x1.8p1, g = 0x.8p-2;
float f = 1.5f, f2 = 3.F, f3 = .25e1f;
void test_literals(void) {
    assert(a + b == 1.5);
    assert(c < 0.01 && d == 250.0);
    assert(h == 3.0 && g == 0.125);
    assert(f * 2 == 3.0f && f2 > f3 - 1);
}
int main(void) {
    printf("%f %.2lf %g %e %a\n", a, b, c, d, h);
    printf("%8.3f|%-10.1e|%+G|%F\n", f, f2, f3, -0.0);
    return 0;
}
