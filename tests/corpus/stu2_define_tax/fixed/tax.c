#include <stdio.h>
#define LIMIT 1000
#define RATE 0.15

int main()
{
    double income, tax;
    printf("Enter income: ");
    scanf("%lf", &income);
    if (income <= LIMIT)
        tax = 0;
    else
        tax = (income - LIMIT) * RATE;
    printf("Tax payable: %.2f\n", tax);
    return 0;
}
