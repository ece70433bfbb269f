/* Numbers rendered with sprintf and read back with sscanf: the round trip keeps them. */
#include <stdio.h>
#include <string.h>

int main(void) {
    int a, b;
    char buf[64];
    while (scanf("%d %d", &a, &b) == 2) {
        int n = sprintf(buf, "%d:%05d|%x", a, b, a < 0 ? -a : a);
        int x, y;
        unsigned h;
        int got = sscanf(buf, "%d:%d|%x", &x, &y, &h);
        printf("%s len=%d got=%d same=%d hex=%u\n", buf, n, got, x == a && y == b, h);
    }
    return 0;
}
