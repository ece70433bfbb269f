#include <stdio.h>

/* print Fahrenheit-Celsius table for fahr = lower, lower+step, ..., upper */
main()
{
    int fahr, lower, upper, step;
    double celsius;

    scanf("%d %d %d", &lower, &upper, &step);
    fahr = lower;
    while (fahr <= upper) {
        celsius = (5 / 9) * (fahr - 32);
        printf("%3d %6.1f\n", fahr, celsius);
        fahr = fahr + step;
    }
    return 0;
}
