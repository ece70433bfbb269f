#include <stdio.h>
#include <stdbool.h>

bool is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

bool all_positive(int a[], int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (a[i] <= 0)
            return false;
    return true;
}

int main(void)
{
    int years[6], n = 0, y;
    bool b = 5;
    _Bool nb = !b;
    bool flags[4] = {true, false, 2, 0};
    int i, cnt = 0;
    printf("b=%d nb=%d\n", b, nb);
    for (i = 0; i < 4; i++)
        cnt += flags[i];
    printf("flags true: %d\n", cnt);
    b = b + 1;
    printf("b+1 -> %d\n", b);
    b = 0 - b;
    printf("-b -> %d\n", b);
    while (n < 6 && scanf("%d", &y) == 1)
        years[n++] = y;
    for (i = 0; i < n; i++)
        if (is_leap(years[i]))
            printf("%d %s\n", years[i], "leap");
        else
            printf("%d %s\n", years[i], "common");
    printf("all positive: %d\n", all_positive(years, n));
    return !all_positive(years, n);
}
