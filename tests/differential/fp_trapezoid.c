#include <stdio.h>
#include <math.h>
double f(double x) { return exp(-x * x); }
int main(void) {
    int ns[] = {1, 4, 16, 64, 256};
    for (int k = 0; k < 5; k++) {
        int n = ns[k];
        double h = 2.0 / n, s = (f(0) + f(2)) / 2;
        for (int i = 1; i < n; i++) s += f(i * h);
        printf("%4d %.12f\n", n, s * h);
    }
    return 0;
}
