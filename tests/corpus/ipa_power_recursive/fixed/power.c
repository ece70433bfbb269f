#include <stdio.h>

long power(long b, int e)
{
    long half;
    if (e == 0)
        return 1;
    half = power(b, e / 2);
    if (e % 2 == 0)
        return half * half;
    return half * half * b;
}

int count_digits(long x)
{
    int d = 1;
    if (x < 0)
        x = -x;
    while (x >= 10) {
        x /= 10;
        d++;
    }
    return d;
}

int main(void)
{
    long base;
    int exp, q, k;

    scanf("%d", &q);
    for (k = 0; k < q; k++) {
        if (scanf("%ld %d", &base, &exp) != 2)
            break;
        if (exp < 0) {
            printf("negative exponent\n");
            continue;
        }
        long r = power(base, exp);
        printf("%ld^%d = %ld (%d digits)\n", base, exp, r, count_digits(r));
    }
    return 0;
}
