#include <stdio.h>

int main()
{
    int qty, percent;
    float price, total;

    printf("Quantity, unit price and discount percent: ");
    scanf("%d %f %d", &qty, &price, &percent);
    total = qty * price;
    total = total - total * percent / 100.0;
    printf("Total: %.2f\n", total);
    return 0;
}
