#include <stdio.h>
struct date { int day, month, year; };
struct person {
    char initial;
    struct date born;
    struct date hired;
};

int before(struct date a, struct date b) {
    if (a.year != b.year) return a.year < b.year;
    if (a.month != b.month) return a.month < b.month;
    return a.day < b.day;
}

int main(void) {
    struct person staff[3] = {
        {'A', {12, 5, 1980}, {1, 9, 2005}},
        {'B', {3, 11, 1975}, {15, 2, 2010}},
        {'C', {30, 1, 1990}, {1, 9, 2005}},
    };
    int i, oldest = 0;
    for (i = 1; i < 3; i++)
        if (before(staff[i].born, staff[oldest].born))
            oldest = i;
    printf("oldest: %c born %02d/%02d/%d\n", staff[oldest].initial,
           staff[oldest].born.day, staff[oldest].born.month, staff[oldest].born.year);
    staff[2].hired = staff[1].hired;
    staff[2].hired.year++;
    for (i = 0; i < 3; i++)
        printf("%c hired %d-%d-%d\n", staff[i].initial, staff[i].hired.year,
               staff[i].hired.month, staff[i].hired.day);
    printf("%d %d\n", (int)sizeof(struct date), (int)sizeof(struct person));
    return 0;
}
