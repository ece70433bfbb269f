#include <stdio.h>

int gcd(a, b)
int a, b;
{
    if (b == 0)
        return a;
    return gcd(b, a / b);
}

main()
{
    int x, y;
    scanf("%d %d", &x, &y);
    printf("GCD = %d\n", gcd(x, y));
    return 0;
}
