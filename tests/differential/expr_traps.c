#include <stdio.h>

int main(void)
{
    int a, b, c, x, y, z;
    unsigned char uc;
    short s;
    while (scanf("%d %d %d", &a, &b, &c) == 3) {
        printf("a&b==c: %d  (a&b)==c: %d\n", a & b == c, (a & b) == c);
        printf("(a&255)<<1+1: %d  a|b^c: %d  a^b&c: %d\n", (a & 255) << 1 + 1, a | b ^ c, a ^ b & c);
        printf("!a==b: %d  -a%%3: %d  ~a+1: %d\n", !a == b, -a % 3, ~a + 1);
        printf("a<b<c: %d  a==b==c: %d  a>b?a:b+100: %d\n", a < b < c, a == b == c, a > b ? a : b + 100);
        x = y = z = a;
        x += y -= 2;
        z *= b + 1;
        printf("x=%d y=%d z=%d\n", x, y, z);
        if (b != 0) {
            x = a;
            x /= b;
            y = a;
            y %= b;
            printf("a/b=%d a%%b=%d check=%d\n", x, y, x * b + y == a);
        }
        uc = (unsigned char)a;
        uc += 200;
        uc <<= 1;
        s = (short)b;
        s *= 300;
        s >>= 2;
        printf("uc=%d s=%d\n", uc, s);
        x = a;
        x &= ~b;
        x |= c & 0xF0;
        x ^= 0x5A;
        printf("bits=%d hex=%x\n", x, (unsigned)x);
        printf("post/pre: %d ", x++ + 1);
        printf("%d ", ++x * 2);
        printf("%d\n", x-- - --y);
    }
    return 0;
}
