#include <stdio.h>
int main(void) {
    double a = 0.0, b = -0.0, c = 0.1, n = a / a;
    printf("%d %d %d %d\n", !a, !b, !c, !n);
    printf("%d %d %d\n", a && c, a || c, c && n);
    double m = c > a ? c : a;
    int pick = c ? 1 : 2;
    printf("%g %d %g\n", m, pick, a < c ? 1.5 : 2);
    double r = 1 ? 1 : 2.5;
    printf("%g\n", r / 2);
    return 0;
}
