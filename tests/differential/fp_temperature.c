#include <stdio.h>
#include <stdlib.h>
double c_to_f(double c) { return c * 9.0 / 5.0 + 32.0; }
double f_to_c(double f) { return (f - 32.0) * 5.0 / 9.0; }
int main(int argc, char **argv) {
    if (argc < 2) { printf("usage\n"); return 2; }
    for (int i = 1; i < argc; i++) {
        double t = atof(argv[i]);
        printf("%.1fC = %.1fF, %.1fF = %.1fC\n", t, c_to_f(t), t, f_to_c(t));
    }
    return 0;
}
