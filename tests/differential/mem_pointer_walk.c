/* Walking a malloc'd block with pointer increments, pointer differences and comparisons. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 0, x;
    int *v = malloc(64 * sizeof(int));
    while (n < 64 && scanf("%d", &x) == 1) v[n++] = x;
    int *end = v + n, *p, *best = v;
    for (p = v; p < end; p++)
        if (*p > *best) best = p;
    if (n > 0) printf("max %d at %ld\n", *best, (long)(best - v));
    int *lo = v, *hi = end - 1;
    while (lo < hi) {
        int t = *lo;
        *lo++ = *hi;
        *hi-- = t;
    }
    for (p = v; p != end; ++p) printf("%d%c", *p, p + 1 == end ? '\n' : ' ');
    free(v);
    return 0;
}
