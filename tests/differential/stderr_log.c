#include <stdio.h>

int main(void)
{
    int x, n = 0, warn = 0;
    fprintf(stderr, "starting\n");
    while (scanf("%d", &x) == 1) {
        n++;
        if (x % 5 == 0) {
            fprintf(stderr, "warning: %d is a multiple of five\n", x);
            warn++;
            continue;
        }
        fprintf(stdout, "%d -> %d\n", x, x * x % 97);
        fprintf(stderr, "[debug] processed %d\n", n);
    }
    fprintf(stdout, "%d values, %d warnings\n", n, warn);
    fprintf(stderr, "done\n");
    return warn ? 1 : 0;
}
