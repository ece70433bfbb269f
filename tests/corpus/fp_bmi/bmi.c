/* Body mass index: weight over height squared, printed with one decimal. */
#include <stdio.h>

int main(void)
{
    double w, h;
    if (scanf("%lf %lf", &w, &h) != 2)
        return 1;
    double bmi = w / h * h;
    printf("BMI %.1f\n", bmi);
    return 0;
}
