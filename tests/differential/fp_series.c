#include <stdio.h>
int main(void) {
    double e = 1, term = 1, pi = 0;
    for (int k = 1; k < 20; k++) { term /= k; e += term; }
    for (int k = 0; k < 100000; k++) pi += (k % 2 ? -4.0 : 4.0) / (2 * k + 1);
    printf("%.15f %.10f\n", e, pi);
    float fs = 0; double ds = 0;
    for (int k = 1; k <= 1000; k++) { fs += 1.0f / k; ds += 1.0 / k; }
    printf("%.7f %.15f\n", fs, ds);
    return 0;
}
