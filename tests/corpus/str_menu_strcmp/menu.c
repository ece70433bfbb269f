/* Exercise: a small command interpreter; each command is a word read with scanf("%s"). */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char cmd[20];
    int balance = 0, amount;
    while (scanf("%19s", cmd) == 1) {
        if (strcmp(cmd, "deposit") == 0) {
            if (scanf("%d", &amount) != 1)
                break;
            balance += amount;
        } else if (strcmp(cmd, "withdraw") != 0) {
            if (scanf("%d", &amount) != 1)
                break;
            if (amount <= balance)
                balance -= amount;
            else
                printf("refused\n");
        } else if (strcmp(cmd, "balance") == 0) {
            printf("%d\n", balance);
        } else {
            printf("unknown %s\n", cmd);
        }
    }
    return 0;
}
