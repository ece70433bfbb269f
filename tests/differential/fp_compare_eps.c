#include <stdio.h>
#include <math.h>
int approx(double a, double b) { return fabs(a - b) < 1e-9; }
int main(void) {
    double x = 0.1 + 0.2;
    printf("%d %d %d %d\n", x == 0.3, approx(x, 0.3), x > 0.3, x <= 0.3);
    double y = 1.0 - 0.9;
    printf("%.17g %d\n", y, approx(y, 0.1));
    printf("%d %d\n", 1e16 + 1 == 1e16, (float)16777217 == 16777216.0f);
    return 0;
}
