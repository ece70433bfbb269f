/* Exercise: read a number and print it with its digits reversed, keeping the sign. */
#include <stdio.h>

int main(void)
{
    int n, rev = 0, neg = 0;
    scanf("%d", &n);
    if (n < 0) {
        neg = 1;
        n = -n;
    }
    while (n > 0) {
        rev = rev * 10 + n / 10;
        n = n / 10;
    }
    if (neg)
        rev = -rev;
    printf("%d\n", rev);
    return 0;
}
