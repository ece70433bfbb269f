#include <stdio.h>
int main(void) {
    float f = 1.0f / 3;
    double d = f;
    double d2 = 1.0 / 3;
    float back = d2;
    printf("%.17g %.17g %.17g %d %d\n", d, d2, (double)back, f == d2, back == f);
    float tiny = 1e-45f;
    printf("%g %g %a\n", tiny, tiny / 2, tiny);
    float huge = 3e38f;
    printf("%g %g\n", huge * 10, (double)huge * 10);
    return 0;
}
