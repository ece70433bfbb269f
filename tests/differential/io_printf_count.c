/* printf's result (bytes written) used to align columns and to count output. */
#include <stdio.h>

int main(void) {
    int x, total = 0, widest = 0;
    while (scanf("%d", &x) == 1) {
        int n = printf("%d", x);
        if (n > widest) widest = n;
        total += n;
        int pad;
        for (pad = n; pad < 8; pad++) total += printf(" ");
        total += printf("|\n");
    }
    int m = printf("widest %d\n", widest);
    printf("total %d, last line %d bytes\n", total, m);
    if (printf("%s", "") != 0) return 1;
    return total % 256;
}
