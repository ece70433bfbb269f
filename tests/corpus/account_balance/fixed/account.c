/* Replay a list of transactions (positive: deposit, negative: withdrawal with a fee).
 * A withdrawal that would overdraw the account is refused; returns the final balance. */
#include <assert.h>

int replay(int tx[], int n, int fee)
{
    int balance = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (tx[i] >= 0) {
            balance += tx[i];
        } else {
            int amount = -tx[i];
            if (amount + fee > balance)
                continue;
            balance -= amount + fee;
        }
    }
    return balance;
}

void test_deposits(void)
{
    int tx[3] = {100, 50, 25};
    assert(replay(tx, 3, 1) == 175);
}

void test_withdraw(void)
{
    int tx[2] = {100, -40};
    assert(replay(tx, 2, 2) == 58);
}

void test_refused(void)
{
    int tx[3] = {30, -50, 10};
    assert(replay(tx, 3, 1) == 40);
}

void test_exact(void)
{
    int tx[2] = {21, -20};
    assert(replay(tx, 2, 1) == 0);
}
