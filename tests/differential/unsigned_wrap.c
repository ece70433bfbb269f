#include <stdio.h>

int main(void)
{
    unsigned int u = 0;
    unsigned char uc = 250;
    unsigned short us = 65530;
    unsigned long ul = 0;
    int i;

    u = u - 1;
    printf("0u-1 = %u (0x%x)\n", u, u);
    u = (unsigned)-1;
    printf("(unsigned)-1 = %u\n", u);
    u += 2;
    printf("wrapped +2 = %u\n", u);
    for (i = 0; i < 10; i++) {
        uc += 1;
        us += 1;
    }
    printf("uc=%u us=%u\n", uc, us);
    uc = 3;
    uc -= 5;
    printf("3-5 as uchar = %d\n", uc);
    us = 0;
    us--;
    printf("0-- as ushort = %d\n", us);
    ul = ul - 1;
    printf("ulong max = %lu\n", ul);
    u = 4000000000u;
    u = u * 2;
    printf("4e9*2 = %u\n", u);
    u = 7;
    printf("7u/-2 -> %u\n", u / (unsigned)-2);
    printf("-7/2=%d -7%%2=%d 7%%-2=%d\n", -7 / 2, -7 % 2, 7 % -2);
    u = 1u << 31;
    printf("1u<<31 = %u, >>31 = %u\n", u, u >> 31);
    printf("~0u = %u, ~5u = %u\n", ~0u, ~5u);
    return 0;
}
