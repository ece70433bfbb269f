#include <stdio.h>

int main(void)
{
    int vals[6] = {300, -1, 65537, 128, -129, 1000000};
    int i;
    for (i = 0; i < 6; i++) {
        int v = vals[i];
        printf("%8d: char=%4d uchar=%3u short=%6d ushort=%5u\n",
               v, (signed char)v, (unsigned char)v, (short)v, (unsigned short)v);
    }
    long long big = 0x123456789ALL;
    printf("(int)big = %d\n", (int)big);
    printf("(unsigned)big = %u\n", (unsigned)big);
    printf("(short)big = %d\n", (short)big);
    printf("(long long)-5u = %lld\n", (long long)-5u);
    printf("(long long)(unsigned)-5 = %lld\n", (long long)(unsigned)-5);
    printf("(unsigned long long)-5 = %llu\n", (unsigned long long)-5);
    printf("(_Bool)256 = %d (char)256 = %d\n", (_Bool)256, (char)256);
    printf("(int)(unsigned char)-1 = %d\n", (int)(unsigned char)-1);
    printf("(unsigned char)(200 + 100) = %d\n", (unsigned char)(200 + 100));
    return 0;
}
