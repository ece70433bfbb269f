#include <stdio.h>
#include <math.h>
#include <float.h>
int main(void) {
    double x = 2.0;
    printf("%g %g %g %g\n", sqrt(x), fabs(-x), floor(2.7), ceil(2.2));
    printf("%g %g %g\n", round(2.5), trunc(-2.7), fmod(7.5, 2.0));
    printf("%g %g %g %g\n", pow(x, 10), exp(1.0), log(x), log10(1000.0));
    printf("%.3f %.3f %.3f %.3f %.3f\n", sin(x), cos(x), tan(x), atan(x), atan2(1.0, x));
    printf("%g %g %g\n", hypot(3.0, 4.0), fmin(1.0, x), fmax(1.0, x));
    printf("%g %g\n", sqrtf(2.0f), fabsf(-1.5f));
    printf("%g %g %e\n", DBL_MAX, FLT_MIN, DBL_EPSILON);
    double z = 0.0;
    printf("%f %f %f\n", 1.0 / z, -1.0 / z, z / z);
    return 0;
}
