/* Read a year and say whether it is a leap year (Gregorian calendar). */
#include <stdio.h>

int main(void)
{
    int year;
    scanf("%d", &year);
    if (year % 4 == 0 && (year % 100 != 0 || year % 400 != 0))
        printf("leap\n");
    else
        printf("common\n");
    return 0;
}
