#include <stdio.h>
#include <math.h>
int main(void) {
    double zero = 0.0, one = 1.0;
    double pinf = one / zero, ninf = -one / zero, nan = zero / zero;
    printf("%f %f %f\n", pinf, ninf, nan);
    printf("%e %g %E %G %5.1f|\n", pinf, ninf, nan, pinf, ninf);
    printf("eq %d ne %d lt %d gt %d self %d\n", nan == nan, nan != nan, nan < one, nan > one, pinf == pinf);
    printf("inf-inf %f inf*0 %f\n", pinf - pinf, pinf * zero);
    printf("sqrt(-1) %f  -0.0 %f %g\n", sqrt(-one), -zero, -zero);
    printf("macros %f %f %f\n", INFINITY, -HUGE_VAL, NAN);
    if (nan) printf("nan is true\n");
    if (!-zero) printf("-0 is false\n");
    return 0;
}
