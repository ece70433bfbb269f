/* Prints Celsius temperatures converted to Fahrenheit, one decimal. */
#include <stdio.h>

int main(void)
{
    double c;
    while (scanf("%lf", &c) == 1) {
        double f = c * 9 / 5 + 32;
        printf("%.1f\n", f);
    }
    return 0;
}
