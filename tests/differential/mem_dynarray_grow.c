/* A dynamic array that doubles its capacity with realloc as numbers are read. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int cap = 2, n = 0, x, i;
    int *v = malloc(cap * sizeof(int));
    if (v == NULL) return 1;
    while (scanf("%d", &x) == 1) {
        if (n == cap) {
            cap *= 2;
            v = realloc(v, cap * sizeof(int));
            printf("grow to %d\n", cap);
        }
        v[n++] = x;
    }
    long sum = 0;
    for (i = n - 1; i >= 0; i--) {
        printf("%d ", v[i]);
        sum += v[i];
    }
    printf("\nn=%d sum=%ld\n", n, sum);
    free(v);
    return 0;
}
