#include <stdio.h>
double f(double x) { return x * x * x - 2 * x - 5; }
int main(void) {
    double lo = 2, hi = 3;
    int it = 0;
    while (hi - lo > 1e-12) {
        double mid = (lo + hi) / 2;
        if (f(lo) * f(mid) <= 0) hi = mid; else lo = mid;
        it++;
    }
    printf("root %.12f after %d\n", (lo + hi) / 2, it);
    return 0;
}
