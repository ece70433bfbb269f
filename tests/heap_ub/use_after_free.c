/* A block read after it was freed. ASan: heap-use-after-free. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 4, i, sum = 0;
    int *v = malloc(n * sizeof(int));
    for (i = 0; i < n; i++) v[i] = i + 1;
    free(v);
    for (i = 0; i < n; i++) sum += v[i]; /* UB: */
    printf("%d\n", sum);
    return 0;
}
