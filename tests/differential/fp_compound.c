#include <stdio.h>
int main(void) {
    double x = 10.0;
    x += 2.5; printf("%g\n", x);
    x -= 0.5; printf("%g\n", x);
    x *= 3; printf("%g\n", x);
    x /= 4; printf("%g\n", x);
    x++; printf("%g\n", x);
    ++x; printf("%g\n", x);
    x--; printf("%g\n", x);
    double y = x++;
    printf("%g %g\n", x, y);
    int i = 5;
    i += 2.7; printf("%d\n", i);
    i *= 1.5; printf("%d\n", i);
    float f = 1;
    f /= 3; printf("%.9f\n", f);
    return 0;
}
