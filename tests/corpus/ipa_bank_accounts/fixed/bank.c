#include <stdio.h>

#define MAXACC 10

typedef struct {
    int id;
    long balance;
} Account;

Account acc[MAXACC];
int nacc = 0;

int find(int id)
{
    int i;
    for (i = 0; i < nacc; i++)
        if (acc[i].id == id)
            return i;
    return -1;
}

int withdraw(Account *a, long amount)
{
    if (amount <= 0)
        return 0;
    if (a->balance >= amount) {
        a->balance -= amount;
        return 1;
    }
    return 0;
}

int main(void)
{
    char op;
    int id, k;
    long amount;

    while (scanf(" %c %d %ld", &op, &id, &amount) == 3) {
        k = find(id);
        if (op == 'O') {
            if (k < 0 && nacc < MAXACC) {
                acc[nacc].id = id;
                acc[nacc].balance = amount;
                nacc++;
            }
        } else if (k < 0) {
            printf("no account %d\n", id);
        } else if (op == 'D') {
            acc[k].balance += amount;
        } else if (op == 'W') {
            if (!withdraw(&acc[k], amount))
                printf("refused: %d %ld\n", id, amount);
        }
    }
    for (k = 0; k < nacc; k++)
        printf("%d: %ld\n", acc[k].id, acc[k].balance);
    return 0;
}
