/* memset with a byte count that is not a whole number of cells: the element count given
 * where bytes were meant (`memset(cnt, 0, 26)` for `int cnt[26]`), which clears whole cells
 * and the low bytes of the next one (x86-64 is little-endian). Counters reused between test
 * cases read from stdin, 2-D and global tables, other integer types and fill bytes. */
#include <stdio.h>
#include <string.h>

int cnt[26];
long long big[4];
short grid[3][3];

int main(void)
{
    int t, n, i, j, c;
    unsigned u[5];
    long l[3];
    char s[64];
    for (i = 0; i < 5; i++)
        u[i] = 0x01020304u * (unsigned)(i + 1);
    memset(u, 0xab, 7);
    for (i = 0; i < 5; i++)
        printf("u[%d] = %08x\n", i, u[i]);
    for (i = 0; i < 3; i++)
        l[i] = -1000000007L * (i + 1);
    memset(l, 0, 11);
    printf("l = %ld %ld %ld\n", l[0], l[1], l[2]);
    for (i = 0; i < 4; i++)
        big[i] = 0x0102030405060708LL;
    memset(big, 0x7f, 13);
    for (i = 0; i < 4; i++)
        printf("big[%d] = %llx\n", i, big[i]);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            grid[i][j] = (short)(-300 * (i + j + 1));
    memset(grid, -1, 9);
    for (i = 0; i < 3; i++)
        printf("grid %d %d %d\n", grid[i][0], grid[i][1], grid[i][2]);
    if (scanf("%d", &t) != 1)
        return 1;
    while (t--) {
        if (scanf("%d %63s", &n, s) != 2)
            return 1;
        memset(cnt, 0, 26);
        for (i = 0; i < n && s[i]; i++)
            cnt[s[i] - 'a']++;
        for (c = 0; c < 26; c++)
            if (cnt[c])
                printf("%c%d", 'a' + c, cnt[c]);
        printf("\n");
    }
    return 0;
}
