#include <stdio.h>
#include <stdlib.h>

int shift_char(int c, int k)
{
    if (c >= 'a' && c <= 'z')
        return 'a' + (c - 'a' + k) % 26;
    if (c >= 'A' && c <= 'Z')
        return 'A' + (c - 'A' + k) % 26;
    return c;
}

int main(int argc, char *argv[])
{
    int k = 3, c, changed = 0;
    if (argc > 1)
        k = atoi(argv[1]);
    k %= 26;
    if (k < 0)
        k += 26;
    if (argc > 2 && argv[2][0] == 'd')
        k = (26 - k) % 26;
    while ((c = getchar()) != EOF) {
        int d = shift_char(c, k);
        if (d != c)
            changed++;
        putchar(d);
    }
    fprintf(stderr, "changed %d chars\n", changed);
    printf("\n[%d]\n", changed);
    return 0;
}
