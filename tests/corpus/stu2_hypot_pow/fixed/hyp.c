#include <stdio.h>
#include <math.h>

int main()
{
    double a, b, c;
    printf("Enter the two sides: ");
    scanf("%lf %lf", &a, &b);
    c = sqrt(pow(a, 2) + pow(b, 2));
    printf("Hypotenuse = %.2f\n", c);
    return 0;
}
