/* Numbers in any base walked with strtol's end pointer: "0x1f 017 -42 9z" style lines. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *end;
        long total = 0;
        int count = 0;
        for (;;) {
            long v = strtol(p, &end, 0);
            if (end == p) break;
            total += v;
            count++;
            p = end;
        }
        printf("%d numbers, total %ld, rest \"%s", count, total, p);
        long h = strtol(line, &end, 16);
        printf("hex %ld after %d\n", h, (int)(end - line));
    }
    return 0;
}
