#include <stdio.h>

int is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int days_in_month(int m, int y)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && is_leap(y))
        return 29;
    return days[m - 1];
}

int valid_date(int d, int m, int y)
{
    if (y < 1 || m < 1 || m > 12)
        return 0;
    if (d < 1 || d >= days_in_month(m, y))
        return 0;
    return 1;
}

int day_of_year(int d, int m, int y)
{
    int k, total = d;
    for (k = 1; k < m; k++)
        total += days_in_month(k, y);
    return total;
}

int main(void)
{
    int d, m, y;

    while (scanf("%d/%d/%d", &d, &m, &y) == 3) {
        if (valid_date(d, m, y))
            printf("%02d/%02d/%04d is day %d of the year\n", d, m, y, day_of_year(d, m, y));
        else
            printf("%d/%d/%d is not a valid date\n", d, m, y);
    }
    return 0;
}
