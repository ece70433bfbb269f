#include <stdio.h>
#include <math.h>
int main(void) {
    double x[] = {0.5, 1.0, 2.0, 3.7, 10.0, 100.0};
    for (int i = 0; i < 6; i++)
        printf("%.17g %.17g %.17g %.17g %.17g\n", exp(x[i]), log(x[i]), log10(x[i]), pow(x[i], 1.5), pow(2.0, x[i]));
    printf("%g %g %g\n", pow(-8, 1.0/3), pow(0, 0), log(0));
    return 0;
}
