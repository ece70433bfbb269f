#include <stdio.h>

int main(void)
{
    char a = 100, b = 100;
    unsigned char ua = 200, ub = 100;
    signed char sc = -1;
    short s = -32768;
    int i = -1;
    unsigned int u = 1;
    long long ll;

    printf("char+char = %d\n", a + b);
    printf("uchar+uchar = %d\n", ua + ub);
    printf("(char)(a+b) = %d\n", (char)(a + b));
    printf("-1 < 1u: %d\n", -1 < 1u);
    printf("-1 < 1: %d\n", -1 < 1);
    printf("i < u: %d\n", i < u);
    printf("(long long)i < u: %d\n", (long long)i < u);
    printf("sc == 255: %d, (unsigned char)sc == 255: %d\n", sc == 255, (unsigned char)sc == 255);
    printf("-s = %d\n", -s);
    printf("i + u = %u\n", i + u);
    printf("i * 2u = %u\n", i * 2u);
    printf("u - 2 > 0: %d\n", u - 2 > 0);
    printf("(int)(u - 2) = %d\n", (int)(u - 2));
    ll = i + u;
    printf("ll = %lld\n", ll);
    ll = (long long)i + u;
    printf("ll2 = %lld\n", ll);
    printf("ua << 4 = %d\n", ua << 4);
    printf("~ua = %d\n", ~ua);
    printf("'a' * 2 = %d\n", 'a' * 2);
    printf("ua > sc: %d, ua + sc = %d\n", ua > sc, ua + sc);
    printf("-1L < 1UL: %d\n", -1L < 1UL);
    printf("(short)40000 = %d\n", (short)40000);
    printf("(unsigned short)-3 = %d\n", (unsigned short)-3);
    return 0;
}
