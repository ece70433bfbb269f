/* A pointer kept across realloc, which moved the block. ASan: heap-use-after-free. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *v = malloc(2 * sizeof(int));
    int *first = v;
    v[0] = 1;
    v[1] = 2;
    v = realloc(v, 100 * sizeof(int));
    v[2] = 3;
    printf("%d\n", first[0] + v[1] + v[2]); /* UB: */
    free(v);
    return 0;
}
