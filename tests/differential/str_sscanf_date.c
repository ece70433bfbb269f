#include <stdio.h>

/* Dates as YYYY-MM-DD: sscanf with literal separators, validated, printed
   back in another layout with sprintf. */
static int days_in(int m, int y) {
    static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return 29;
    return d[m - 1];
}

int main(void) {
    char line[40], out[40];
    int y, m, d, n;
    while (fgets(line, sizeof line, stdin)) {
        n = sscanf(line, "%d-%d-%d", &y, &m, &d);
        if (n != 3) {
            printf("not a date (%d)\n", n);
            continue;
        }
        if (m < 1 || m > 12 || d < 1 || d > days_in(m, y)) {
            printf("invalid %d/%d/%d\n", d, m, y);
            continue;
        }
        sprintf(out, "%02d.%02d.%04d", d, m, y);
        puts(out);
    }
    return 0;
}
