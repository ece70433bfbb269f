#include <stdio.h>

int main()
{
    float hours, rate, pay;
    printf("Enter hours worked: ");
    scanf("%f", &hours);
    printf("Enter hourly rate: ");
    scanf("%f", &rate);
    if (hours <= 40.0)
        pay = hours * rate;
    else
        pay = 40.0 * rate + (hours - 40.0) * rate * 1.0;
    printf("Gross pay: %.2f\n", pay);
    return 0;
}
