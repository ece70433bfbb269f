#include <stdio.h>
int main(void) {
    float a = 0, b = 0;
    int n = scanf("%f %f", &a, &b);
    printf("%d %.9g %.9g %.3f\n", n, a, b, a * b);
    return 0;
}
