#include <stdio.h>
#include <math.h>

int main(void) {
    int base, e;
    scanf("%d", &base);
    printf("%4s %12s %10s\n", "exp", "value", "sqrt");
    for (e = 0; e <= 6; e++) {
        double v = pow(base, e);
        printf("%4d %12.0f %10.3f\n", e, v, sqrt(v));
    }
    int cube = (int)pow(base, 3);
    printf("cube %d, root %.4f\n", cube, pow(cube, 1.0 / 3));
    return 0;
}
