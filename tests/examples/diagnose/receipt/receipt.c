/* A shop's receipt: reads a quantity and a unit price in cents, prints the total. */
#include <stdio.h>

int main(void)
{
    int quantity, price;
    printf("Quantity and unit price: ");
    scanf("%d %d", &quantity, &price);
    if (quantity <= 0) {
        printf("\nNothing bought\n");
        return 0;
    }
    printf("\nTotl: %d cents\n", quantity * price);
    return 0;
}
