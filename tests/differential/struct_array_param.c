#include <stdio.h>
typedef struct { int qty; double price; } Item;

double total(Item items[], int n) {
    double t = 0;
    int i;
    for (i = 0; i < n; i++)
        t += items[i].qty * items[i].price;
    return t;
}

void restock(Item items[], int n, int min) {
    int i;
    for (i = 0; i < n; i++)
        if (items[i].qty < min)
            items[i].qty = min;
}

int main(void) {
    Item shop[4] = {{3, 1.25}, {0, 9.99}, {12, 0.5}, {1, 100.0}};
    printf("%.2f\n", total(shop, 4));
    restock(shop, 4, 2);
    printf("%.2f\n", total(shop, 4));
    printf("%d %d %d %d\n", shop[0].qty, shop[1].qty, shop[2].qty, shop[3].qty);
    return 0;
}
