#include <stdio.h>

int evens = 0, odds = 0, zeros = 0;

void classify(int x)
{
    if (x == 0)
        zeros++;
    else if (x % 2 == 1)
        odds++;
    else
        evens++;
}

int main()
{
    int n, i, x;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &x);
        classify(x);
    }
    printf("Even: %d\n", evens);
    printf("Odd: %d\n", odds);
    printf("Zero: %d\n", zeros);
    return 0;
}
