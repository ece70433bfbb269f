#include <stdio.h>

int gcd(int a, int b)
{
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int main()
{
    int a, b, g;
    long lcm;
    printf("Enter two positive integers: ");
    scanf("%d %d", &a, &b);
    g = gcd(a, b);
    lcm = (long)a * b / g;
    printf("GCD = %d\nLCM = %ld\n", g, lcm);
    return 0;
}
