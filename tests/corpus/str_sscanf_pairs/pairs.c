/* Lines "price qty" parsed with sscanf; the order total and the largest line. */
#include <stdio.h>

int main(void)
{
    char line[64];
    int total = 0, best = 0, bad = 0;
    while (fgets(line, sizeof line, stdin)) {
        int price, qty;
        if (sscanf(line, "%d %d", &price, &qty) != 2) {
            bad++;
            continue;
        }
        int amount = price + qty;
        total += amount;
        if (amount > best)
            best = amount;
    }
    printf("total %d\n", total);
    printf("largest %d\n", best);
    printf("skipped %d\n", bad);
    return 0;
}
