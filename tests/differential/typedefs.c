#include <stdio.h>

typedef int i32;
typedef unsigned char byte;
typedef long long i64;
typedef unsigned int u32;
typedef i32 score_t;

u32 checksum(byte b[], int n)
{
    u32 h = 2166136261u;
    int i;
    for (i = 0; i < n; i++) {
        h ^= b[i];
        h *= 16777619u;
    }
    return h;
}

int main(void)
{
    byte buf[8];
    score_t total = 0;
    i64 big = 1;
    int n = 0, v;
    while (n < 8 && scanf("%d", &v) == 1) {
        buf[n] = (byte)v;
        total += buf[n];
        big *= (i64)(buf[n] + 1);
        n++;
    }
    printf("n=%d total=%d big=%lld\n", n, total, big);
    printf("checksum=%u (0x%08X)\n", checksum(buf, n), checksum(buf, n));
    printf("(byte)(total) = %u, (i32)big = %d\n", (byte)total, (i32)(big % 100000));
    return 0;
}
