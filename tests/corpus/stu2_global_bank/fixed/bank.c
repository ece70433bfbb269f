#include <stdio.h>

int balance = 0;
int count = 0;

void deposit(int amt)
{
    balance = balance + amt;
    count++;
}

int withdraw(int amt)
{
    if (amt > balance)
        return 0;
    balance = balance - amt;
    count++;
    return 1;
}

int main()
{
    char op;
    int amt;
    while (scanf(" %c", &op) == 1 && op != 'q') {
        if (op == 'd') {
            scanf("%d", &amt);
            deposit(amt);
        } else if (op == 'w') {
            scanf("%d", &amt);
            if (!withdraw(amt))
                printf("Insufficient funds\n");
        } else {
            printf("Unknown operation\n");
        }
    }
    printf("Balance: %d after %d transactions\n", balance, count);
    return 0;
}
