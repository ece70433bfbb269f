#include <stdio.h>

int main(void)
{
    float a, b, c;
    printf("Enter the three sides: ");
    scanf("%f %f %f", &a, &b, &c);
    if (a + b <= c || a + c <= b || b + c <= a)
        printf("Not a triangle\n");
    else if (a == b && b == c)
        printf("Equilateral triangle\n");
    else if (a == b || b == c || a == c)
        printf("Isosceles triangle\n");
    else
        printf("Scalene triangle\n");
    return 0;
}
