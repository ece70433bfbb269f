#include <stdio.h>

/* Integers in other bases with sscanf: %x, %o and %i (which reads 0x.., 0..
   and decimal), each echoed in the three bases with sprintf. */
int main(void) {
    char tok[32], out[64];
    unsigned int u;
    int i, n;
    while (scanf("%31s", tok) == 1) {
        n = sscanf(tok, "%i", &i);
        if (n == 1) {
            sprintf(out, "%d = %#x = %#o", i, (unsigned)i, (unsigned)i);
            printf("%-8s %%i -> %s\n", tok, out);
        } else {
            printf("%-8s %%i fails\n", tok);
        }
        if (sscanf(tok, "%x", &u) == 1)
            printf("%-8s %%x -> %u\n", tok, u);
        if (sscanf(tok, "%o", &u) == 1)
            printf("%-8s %%o -> %u\n", tok, u);
    }
    return 0;
}
