#include <stdio.h>
#define RATE_LOW 0.10
#define RATE_HIGH 0.25

int main()
{
    double income, tax;
    printf("Income: ");
    scanf("%lf", &income);
    if (income <= 10000)
        tax = 0;
    else if (income <= 50000)
        tax = (income - 10000) * RATE_LOW;
    else
        tax = 4000 + (income - 50000) * RATE_HIGH;
    printf("Tax: $%.2f\n", tax);
    return 0;
}
