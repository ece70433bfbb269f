#include <stdio.h>

int main()
{
    float c, r;
    char unit;
    printf("Enter temperature and unit (C/F): ");
    scanf("%f %c", &c, &unit);
    if (unit == 'C' || unit == 'c') {
        r = c * 9.0 / 5 + 32;
        printf("%.1f C = %.1f F\n", c, r);
    } else if (unit == 'F' || unit == 'f') {
        r = (c - 32) * 5 / 9;
        printf("%.1f F = %.1f C\n", c, r);
    } else {
        printf("Unknown unit\n");
    }
    return 0;
}
