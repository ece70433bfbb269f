#include <stdio.h>
int main(void) {
    double v[] = {0.0, 0.9, -0.9, 2147483647.0, -2147483648.0, 1e9, -1e9, 4294967295.0};
    for (int i = 0; i < 8; i++) {
        long l = v[i];
        printf("%ld", l);
        if (v[i] >= -2147483648.0 && v[i] < 2147483648.0) printf(" %d", (int)v[i]);
        if (v[i] > -1 && v[i] < 4294967296.0) printf(" %u", (unsigned)v[i]);
        printf(" %d\n", (_Bool)v[i]);
    }
    unsigned long big = 18446744073709551615ul;
    printf("%.1f %.1f %g\n", (double)big, (float)big, (double)(long)-1);
    return 0;
}
