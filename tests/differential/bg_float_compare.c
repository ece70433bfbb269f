#include <stdio.h>
#include <math.h>

#define EPS 1e-9

int main(void) {
    double a = 0.1 + 0.2, b = 0.3;
    printf("%s\n", a == b ? "equal" : "not equal");
    printf("%s\n", fabs(a - b) < EPS ? "close" : "far");
    printf("%.17g %.17g\n", a, b);
    float f = 1.0f / 3;
    double d = 1.0 / 3;
    printf("%.10f %.10f %g\n", f, d, d - f);
    int i;
    double sum = 0;
    for (i = 0; i < 10; i++)
        sum += 0.1;
    printf("%f %d\n", sum, sum == 1.0);
    printf("%.2e %g %g\n", 123456.789, 1e6, 1e-5);
    return 0;
}
