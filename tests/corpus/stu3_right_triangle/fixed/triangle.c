#include <stdio.h>
#include <math.h>

int main()
{
    double a, b, c, t;

    printf("Enter three sides: ");
    scanf("%lf %lf %lf", &a, &b, &c);
    if (a > c) { t = a; a = c; c = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (a + b <= c) {
        printf("Not a triangle\n");
    } else if (fabs(a * a + b * b - c * c) < 1e-9) {
        printf("Right triangle\n");
    } else {
        printf("Not a right triangle\n");
    }
    return 0;
}
