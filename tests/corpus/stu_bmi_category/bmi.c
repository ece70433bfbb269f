#include <stdio.h>

int main()
{
    double weight, height, bmi;
    printf("Enter weight (kg) and height (m): ");
    scanf("%lf %lf", &weight, &height);
    bmi = weight / (height * height);
    printf("BMI: %.1lf\n", bmi);
    if (bmi < 18.5)
        printf("Underweight\n");
    else if (bmi <= 25)
        printf("Normal\n");
    else if (bmi < 30)
        printf("Overweight\n");
    else
        printf("Obese\n");
    return 0;
}
