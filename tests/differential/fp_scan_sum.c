#include <stdio.h>
int main(void) {
    double x, sum = 0, mn = 1e300, mx = -1e300;
    int n = 0, r;
    while ((r = scanf("%lf", &x)) == 1) {
        sum += x; n++;
        if (x < mn) mn = x;
        if (x > mx) mx = x;
    }
    printf("r=%d n=%d sum=%.6f min=%g max=%g\n", r, n, sum, mn, mx);
    return 0;
}
