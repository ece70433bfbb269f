#include <stdio.h>

int main()
{
    int cents, quarters, dimes, nickels;
    printf("Enter amount in cents: ");
    scanf("%d", &cents);
    quarters = cents / 25;
    cents = cents % 25;
    dimes = cents / 10;
    cents = cents % 10;
    nickels = cents / 5;
    printf("Quarters: %d\n", quarters);
    printf("Dimes: %d\n", dimes);
    printf("Nickels: %d\n", nickels);
    printf("Pennies: %d\n", cents);
    return 0;
}
