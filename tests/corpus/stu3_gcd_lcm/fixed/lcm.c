#include <stdio.h>

int gcd(int a, int b)
{
    while (b != 0) {
        int r = a % b;
        a = b;
        b = r;
    }
    return a;
}

int main()
{
    int a, b;
    long long l;

    scanf("%d %d", &a, &b);
    l = (long long)a / gcd(a, b) * b;
    printf("GCD(%d, %d) = %d\n", a, b, gcd(a, b));
    printf("LCM(%d, %d) = %lld\n", a, b, l);
    return 0;
}
