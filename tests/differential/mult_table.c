#include <stdio.h>
#include <stdlib.h>

/* Nested loops with break/continue: a multiplication table that skips
   multiples of a given number and stops each row at a limit. */
int main(int argc, char *argv[])
{
    int n = 5, skip = 0, limit = 1000;
    int i, j, printed = 0;
    if (argc > 1) n = atoi(argv[1]);
    if (argc > 2) skip = atoi(argv[2]);
    if (argc > 3) limit = atoi(argv[3]);
    if (n < 1 || n > 12) {
        printf("bad size %d\n", n);
        return 2;
    }
    printf("   |");
    for (j = 1; j <= n; j++)
        printf("%4d", j);
    printf("\n---+");
    for (j = 1; j <= n; j++)
        printf("----");
    putchar('\n');
    for (i = 1; i <= n; i++) {
        printf("%2d |", i);
        for (j = 1; j <= n; j++) {
            if (skip > 0 && (i * j) % skip == 0) {
                printf("%4s", ".");
                continue;
            }
            if (i * j > limit)
                break;
            printf("%4d", i * j);
            printed++;
        }
        putchar('\n');
    }
    printf("printed %d products\n", printed);
    return 0;
}
