#include <stdio.h>

/* A menu-driven bank account: do-while loop, switch, exit codes. */
int main(void)
{
    int choice, amount, balance = 100, ops = 0, rejected = 0;
    do {
        if (scanf("%d", &choice) != 1)
            choice = 0;
        switch (choice) {
        case 1:
            if (scanf("%d", &amount) == 1 && amount > 0) {
                balance += amount;
                printf("deposit %d -> %d\n", amount, balance);
                ops++;
            } else
                rejected++;
            break;
        case 2:
            if (scanf("%d", &amount) == 1 && amount > 0 && amount <= balance) {
                balance -= amount;
                printf("withdraw %d -> %d\n", amount, balance);
                ops++;
            } else {
                printf("withdraw rejected\n");
                rejected++;
            }
            break;
        case 3:
            printf("balance %d\n", balance);
            break;
        case 0:
            break;
        default:
            printf("unknown choice %d\n", choice);
            rejected++;
        }
    } while (choice != 0);
    printf("final %d after %d ops, %d rejected\n", balance, ops, rejected);
    return rejected > 3 ? 3 : rejected;
}
