#include <stdio.h>
#include <string.h>
/* Parse binary strings by hand. */
int main(void) {
    char b[33];
    while (scanf("%32s", b) == 1) {
        unsigned v = 0;
        int i, ok = 1, n = strlen(b);
        for (i = 0; i < n; i++) {
            if (b[i] != '0' && b[i] != '1') {
                ok = 0;
                break;
            }
            v = v * 2 + (b[i] - '0');
        }
        if (ok)
            printf("%s = %u\n", b, v);
        else
            printf("%s: bad digit at %d\n", b, i);
    }
    return 0;
}
