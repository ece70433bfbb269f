/* Area of a circle, printed with two decimals. */
#include <stdio.h>

int main(void)
{
    double r;
    if (scanf("%lf", &r) != 1)
        return 1;
    double area = 3.14159265358979 * r * r;
    printf("area %.2f\n", area);
    return 0;
}
