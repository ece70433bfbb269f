#include <stdio.h>

int main(void) {
    long n;
    int sum = 0, count = 0, rev = 0;
    scanf("%ld", &n);
    if (n < 0)
        n = -n;
    long m = n;
    do {
        int d = m % 10;
        sum += d;
        rev = rev * 10 + d;
        count++;
        m /= 10;
    } while (m > 0);
    printf("%ld has %d digits, sum %d, reversed %d\n", n, count, sum, rev);
    printf("%s\n", sum % 3 == 0 ? "divisible by 3" : "not divisible by 3");
    return 0;
}
