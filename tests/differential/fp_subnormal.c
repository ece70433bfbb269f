#include <stdio.h>
#include <float.h>
int main(void) {
    double x = DBL_MIN;
    for (int i = 0; i < 4; i++) { printf("%g %a\n", x, x); x /= 1e5; }
    printf("%g %g %g %g\n", DBL_MAX, DBL_EPSILON, FLT_MAX, FLT_EPSILON);
    printf("%d %d %g\n", DBL_DIG, FLT_MANT_DIG, DBL_MIN);
    printf("%d\n", 1.0 + DBL_EPSILON > 1.0);
    printf("%d\n", 1.0 + DBL_EPSILON / 2 > 1.0);
    return 0;
}
