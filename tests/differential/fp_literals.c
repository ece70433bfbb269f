#include <stdio.h>
int main(void) {
    double a = 1., b = .5, c = 1e-3, d = 1.5e+2, e = 0x1.8p1, f = 0x10p-4, g = 1E3, h = 015.5;
    float i = 1.5f, j = 2.F, k = 0x1p-2f, l = 1e10f;
    printf("%g %g %g %g %g %g %g %g\n", a, b, c, d, e, f, g, h);
    printf("%g %g %g %g\n", i, j, k, l);
    printf("%.20f\n", 0.1f);
    printf("%.20f\n", 0.1);
    printf("%lu %lu %lu\n", sizeof(float), sizeof(double), sizeof 1.0f);
    printf("%.17g\n", 1.7976931348623157e308 * 10);
    return 0;
}
