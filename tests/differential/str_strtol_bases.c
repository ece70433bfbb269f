#include <stdio.h>
#include <stdlib.h>

/* strtol with bases 0, 8, 10 and 16 and an end pointer: each token is
   converted in every base, printing the value and what was left over. */
int main(void) {
    char tok[40];
    int bases[4] = {0, 8, 10, 16};
    while (scanf("%39s", tok) == 1) {
        int i;
        for (i = 0; i < 4; i++) {
            char *end;
            long v = strtol(tok, &end, bases[i]);
            printf("%-12s base %2d: %ld, used %d, rest \"%s\"\n", tok, bases[i], v,
                   (int)(end - tok), end);
        }
        printf("%s strtoul: %lu\n", tok, strtoul(tok, NULL, 0));
    }
    return 0;
}
