#include <stdio.h>

int gcd(int a, int b) {
    while (b != 0) {
        int r = a % b;
        a = b;
        b = r;
    }
    return a;
}

int main(void) {
    int a, b;
    while (scanf("%d %d", &a, &b) == 2) {
        if (a <= 0 || b <= 0) {
            puts("positive numbers only");
            continue;
        }
        int g = gcd(a, b);
        long lcm = (long)a / g * b;
        printf("gcd(%d, %d) = %d, lcm = %ld\n", a, b, g, lcm);
    }
    return 0;
}
