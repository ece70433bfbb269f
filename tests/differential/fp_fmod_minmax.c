#include <stdio.h>
#include <math.h>
int main(void) {
    double a[] = {7.5, -7.5, 1e20, 0.3, 5.0};
    double b[] = {2.0, 2.0, 3.0, 0.1, -3.0};
    for (int i = 0; i < 5; i++)
        printf("%g %g %g %g\n", fmod(a[i], b[i]), fmin(a[i], b[i]), fmax(a[i], b[i]), fabs(a[i] - b[i]));
    double z = 0.0;
    printf("%g %g\n", fmin(z / z, 1.0), fmax(2.0, z / z));
    return 0;
}
