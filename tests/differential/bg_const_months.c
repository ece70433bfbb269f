#include <stdio.h>

static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
const char *const names[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

int leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int main(void) {
    int d, m, y, i, total;
    while (scanf("%d/%d/%d", &d, &m, &y) == 3) {
        if (m < 1 || m > 12) {
            printf("bad month\n");
            continue;
        }
        total = d;
        for (i = 0; i < m - 1; i++)
            total += days[i] + (i == 1 && leap(y));
        printf("%s %d, %d is day %d\n", names[m - 1], d, y, total);
    }
    return 0;
}
