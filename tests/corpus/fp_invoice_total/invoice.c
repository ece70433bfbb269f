/* Reads a unit price and a quantity, prints the total with 8% tax. */
#include <stdio.h>

int main(void)
{
    double price;
    int qty;
    if (scanf("%lf %d", &price, &qty) != 2)
        return 1;
    double net = price * qty;
    double total = net + 0.8 * net;
    printf("%.2f\n", total);
    return 0;
}
