/* A till: reads the price and the amount paid (in cents), prints the change. */
#include <stdio.h>

int main(void)
{
    int price, paid;
    printf("Price and amount paid: ");
    scanf("%d %d", &price, &paid);
    if (paid < price) {
        printf("Not enough\n");
        return 1;
    }
    printf("Change: %d\n", price - paid);
    return 0;
}
