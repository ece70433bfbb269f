#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int v = argc > 1 ? atoi(argv[1]) : -100;
    int k;
    unsigned int uv = (unsigned int)v;
    for (k = 0; k < 8; k += 3)
        printf("%d >> %d = %d, (unsigned) >> %d = %u\n", v, k, v >> k, k, uv >> k);
    printf("%d >> 31 = %d\n", v, v >> 31);
    printf("sign mask %d\n", (v >> 31) & 1);
    printf("abs via shift: %d\n", (v ^ (v >> 31)) - (v >> 31));
    if (v >= 0 && v < 65536)
        printf("%d << 10 = %d\n", v, v << 10);
    printf("(long long)v << 20 = %lld\n", (long long)(unsigned)v << 20);
    printf("-1 >> 5 = %d\n", -1 >> 5);
    printf("(char)-128 >> 1 = %d\n", (signed char)-128 >> 1);
    printf("0x%08x\n", uv << 4);
    printf("%d\n", (int)(uv >> 1));
    return 0;
}
