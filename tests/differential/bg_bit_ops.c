#include <stdio.h>

int count_bits(unsigned int v) {
    int c = 0;
    while (v) {
        c += v & 1;
        v >>= 1;
    }
    return c;
}

void print_binary(unsigned int v, int width) {
    int i;
    for (i = width - 1; i >= 0; i--)
        putchar((v >> i) & 1 ? '1' : '0');
    putchar('\n');
}

int main(void) {
    unsigned int a, b;
    scanf("%u %u", &a, &b);
    printf("a&b=%u a|b=%u a^b=%u ~a=%u\n", a & b, a | b, a ^ b, ~a);
    printf("a<<3=%u b>>2=%u\n", a << 3, b >> 2);
    printf("bits(a)=%d bits(b)=%d\n", count_bits(a), count_bits(b));
    print_binary(a, 8);
    print_binary(b, 16);
    printf("power of two: %s\n", a && !(a & (a - 1)) ? "yes" : "no");
    a |= 1u << 4;
    a &= ~(1u << 0);
    printf("%u\n", a);
    return 0;
}
