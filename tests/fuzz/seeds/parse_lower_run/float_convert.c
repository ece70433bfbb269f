#include <stdio.h>
int main(void) {
    float f;
    double d;
    if (scanf("%f %lf", &f, &d) != 2) return 1;
    int i = f;
    long l = (long)d;
    unsigned u = (unsigned)(d * 100);
    double back = i + l * 0.5;
    printf("%d %ld %u %.1f %g %G\n", i, l, u, back, f / 3, d * 1e300);
    double big = 1e20;
    int bad = (int)big;
    printf("%d\n", bad);
    return 0;
}
