#include <stdio.h>
#include <stdlib.h>
#include <math.h>

int main(void) {
    double x;
    int k;
    long big;
    scanf("%lf %d %ld", &x, &k, &big);
    printf("sqrt(%.2f) = %.4f\n", fabs(x), sqrt(fabs(x)));
    printf("pow(%.1f, %d) = %.3f\n", x, k, pow(x, k));
    printf("floor %.1f ceil %.1f round %.1f\n", floor(x), ceil(x), round(x));
    printf("abs %d labs %ld\n", abs(k), labs(big));
    printf("hypot-like %.3f\n", sqrt(x * x + k * k));
    printf("%d\n", (int)round(x * 10) % 7);
    return 0;
}
