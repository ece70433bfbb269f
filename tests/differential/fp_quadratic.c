#include <stdio.h>
#include <math.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    if (argc != 4) return 2;
    double a = atof(argv[1]), b = atof(argv[2]), c = atof(argv[3]);
    double disc = b * b - 4 * a * c;
    if (a == 0) { printf("linear %g\n", -c / b); return 0; }
    if (disc < 0) printf("complex %.3f +- %.3fi\n", -b / (2 * a), sqrt(-disc) / (2 * a));
    else if (disc == 0) printf("double %.3f\n", -b / (2 * a));
    else printf("%.3f %.3f\n", (-b + sqrt(disc)) / (2 * a), (-b - sqrt(disc)) / (2 * a));
    return 0;
}
