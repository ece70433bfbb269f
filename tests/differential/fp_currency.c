#include <stdio.h>
int main(void) {
    double price = 19.99, total = 0.0;
    int qty[] = {1, 3, 7, 10};
    for (int i = 0; i < 4; i++) {
        double line = price * qty[i];
        total += line;
        printf("%2d x %.2f = %8.2f\n", qty[i], price, line);
    }
    double tax = total * 0.0825;
    printf("subtotal %.2f tax %.2f total %.2f\n", total, tax, total + tax);
    long cents = (long)(total * 100 + 0.5);
    printf("cents %ld\n", cents);
    return 0;
}
