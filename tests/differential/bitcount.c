#include <stdio.h>

int popcount(unsigned int x)
{
    int c = 0;
    while (x) {
        x &= x - 1;
        c++;
    }
    return c;
}

int highest_bit(unsigned int x)
{
    int b = -1;
    while (x) {
        x >>= 1;
        b++;
    }
    return b;
}

unsigned int reverse_bits(unsigned int x)
{
    unsigned int r = 0;
    int i;
    for (i = 0; i < 32; i++) {
        r = (r << 1) | (x & 1u);
        x >>= 1;
    }
    return r;
}

unsigned int rotl(unsigned int x, int k)
{
    k &= 31;
    return k == 0 ? x : (x << k) | (x >> (32 - k));
}

int main(void)
{
    unsigned int x;
    while (scanf("%u", &x) == 1) {
        printf("%u: pop=%d hi=%d rev=%08x rotl5=%08X parity=%d\n", x, popcount(x),
               highest_bit(x), reverse_bits(x), rotl(x, 5), popcount(x) & 1);
        printf("  x&-x=%u x|x+1=%u x^~x=%u pow2=%d\n", x & -x, x | (x + 1), x ^ ~x,
               x != 0 && (x & (x - 1)) == 0);
    }
    return 0;
}
