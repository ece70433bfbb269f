#include <stdio.h>

int main(void) {
    int items, price, total = 0;
    while (scanf("%d %d", &items, &price) == 2) {
        if (items <= 0)
            continue;
        total += items * price;
    }
    int discount = total > 100 ? total / 10 : 0;
    printf("discount: %d\n", discount);
    printf("total: %.2f\n", (double)(total - discount));
    return 0;
}
