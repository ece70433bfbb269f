#include <stdio.h>

int main()
{
    double hours, rate, pay;

    printf("Hours worked: ");
    scanf("%lf", &hours);
    printf("Hourly rate: ");
    scanf("%lf", &rate);
    if (hours > 40)
        pay = 40 * rate + (hours - 40) * rate * 1.4;
    else
        pay = hours * rate;
    if (hours > 50)
        pay = pay + 100;
    printf("Total pay: $%.2f\n", pay);
    return 0;
}
