#include <stdio.h>
float scale(float x, int k) { return x * k; }
double mean(double a[], int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return n ? s / n : 0;
}
int to_int(double x) { return x; }
double from_int(int x) { return x; }
int main(void) {
    double d[5] = {1, 2, 3, 4.5, 10};
    printf("%g %g %d %g\n", scale(1.1f, 3), mean(d, 5), to_int(-7.9), from_int(3) / 2);
    return 0;
}
