#include <stdio.h>

int main()
{
    int year, month, days;

    scanf("%d %d", &month, &year);
    if (month == 2) {
        if ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0)
            days = 29;
        else
            days = 28;
    } else if (month == 4 || month == 6 || month == 9 || month == 11) {
        days = 30;
    } else {
        days = 31;
    }
    printf("%d/%d has %d days\n", month, year, days);
    return 0;
}
