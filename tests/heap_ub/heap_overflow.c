/* An off-by-one loop writes one int past a malloc'd block. ASan: heap-buffer-overflow. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n, i;
    if (scanf("%d", &n) != 1) return 1;
    int *sq = malloc(n * sizeof(int));
    for (i = 0; i <= n; i++)
        sq[i] = i * i; /* UB: */
    printf("%d\n", sq[n - 1]);
    free(sq);
    return 0;
}
