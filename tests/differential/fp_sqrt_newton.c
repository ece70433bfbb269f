#include <stdio.h>
#include <math.h>
double my_sqrt(double a) {
    double x = a > 1 ? a : 1;
    for (int i = 0; i < 60; i++) {
        double nx = 0.5 * (x + a / x);
        if (fabs(nx - x) < 1e-15 * x) break;
        x = nx;
    }
    return x;
}
int main(void) {
    double v[] = {2, 10, 0.25, 1e10, 12345.678};
    for (int i = 0; i < 5; i++)
        printf("%.15g %.15g %d\n", my_sqrt(v[i]), sqrt(v[i]), fabs(my_sqrt(v[i]) - sqrt(v[i])) < 1e-9);
    return 0;
}
