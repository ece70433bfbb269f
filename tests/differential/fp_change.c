#include <stdio.h>
int main(void) {
    double amount;
    int coins[] = {200, 100, 50, 20, 10, 5, 2, 1};
    while (scanf("%lf", &amount) == 1) {
        int cents = (int)(amount * 100 + 0.5);
        printf("%.2f:", amount);
        for (int i = 0; i < 8; i++) {
            int n = cents / coins[i];
            cents %= coins[i];
            if (n) printf(" %dx%.2f", n, coins[i] / 100.0);
        }
        printf("\n");
    }
    return 0;
}
