#include <stdio.h>
int main(void) {
    int a = 7, b = 2;
    double d = a / b, e = (double)a / b, f = a / (double)b;
    printf("%f %f %f\n", d, e, f);
    unsigned u = 4000000000u;
    long l = -5;
    printf("%.1f %.1f\n", u * 1.0, l * 0.5);
    char c = 'A';
    float x = c + 0.5f;
    printf("%f\n", x);
    int t = 3.99, n = -3.99;
    printf("%d %d %d\n", t, n, (int)(0.1 + 0.2 == 0.3));
    short s = 2.5e4;
    printf("%d %lu\n", s, (unsigned long)1e19);
    return 0;
}
