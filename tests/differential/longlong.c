#include <stdio.h>
#include <stdlib.h>

long long factorial(int n)
{
    long long r = 1;
    while (n > 1)
        r *= n--;
    return r;
}

unsigned long long power(unsigned long long b, int e)
{
    unsigned long long r = 1;
    while (e > 0) {
        if (e & 1)
            r *= b;
        b *= b;
        e >>= 1;
    }
    return r;
}

int main(void)
{
    int n;
    long long total = 0;
    long long big = 9000000000000000000LL;
    while (scanf("%d", &n) == 1) {
        if (n < 0 || n > 20) {
            printf("skip %d\n", n);
            continue;
        }
        printf("%d! = %lld\n", n, factorial(n));
        total += factorial(n) % 1000003;
        printf("3^%d mod 2^64 = %llu\n", n * 3, power(3, n * 3));
    }
    printf("total=%lld\n", total);
    printf("big/7=%lld big%%7=%lld\n", big / 7, big % 7);
    printf("-big/7=%lld\n", -big / 7);
    printf("2^63 = %llu\n", power(2, 63));
    printf("2^64 wraps to %llu\n", power(2, 64));
    printf("%lld\n", (long long)(int)3000000000LL);
    return 0;
}
