#include <stdio.h>
typedef struct { int number; long balance; int frozen; } Account;

Account accounts[3] = {{101, 500, 0}, {102, 20, 0}, {103, 900, 1}};

int find(int number) {
    int i;
    for (i = 0; i < 3; i++)
        if (accounts[i].number == number) return i;
    return -1;
}

int main(void) {
    int from, to;
    long amount;
    while (scanf("%d %d %ld", &from, &to, &amount) == 3) {
        int a = find(from), b = find(to);
        if (a < 0 || b < 0) { printf("no such account\n"); continue; }
        if (accounts[a].frozen || accounts[a].balance < amount) { printf("refused\n"); continue; }
        accounts[a].balance -= amount;
        accounts[b].balance += amount;
        printf("ok %d:%ld %d:%ld\n", from, accounts[a].balance, to, accounts[b].balance);
    }
    return 0;
}
