#include <stdio.h>

/* Prices read from "name qty price" lines with sscanf (%s %d %lf), the
   totals formatted with sprintf("%.2f"). */
int main(void) {
    char line[100], name[40], money[32];
    int qty;
    double price, sum = 0;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%39s %d %lf", name, &qty, &price) != 3)
            continue;
        sum += qty * price;
        sprintf(money, "%8.2f", qty * price);
        printf("%-10s%s\n", name, money);
    }
    sprintf(money, "%.2f", sum);
    printf("total %s (%e)\n", money, sum);
    return 0;
}
