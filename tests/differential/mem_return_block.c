/* Functions that return malloc'd arrays and take them as pointer parameters. */
#include <stdio.h>
#include <stdlib.h>

int *range(int from, int n) {
    int *r = malloc(n * sizeof *r);
    int i;
    for (i = 0; i < n; i++) r[i] = from + i;
    return r;
}

long dot(const int *a, const int *b, int n) {
    long s = 0;
    while (n-- > 0) s += (long)*a++ * *b++;
    return s;
}

int *concat(int *a, int na, int *b, int nb) {
    int *c = malloc((na + nb) * sizeof(int));
    int i;
    for (i = 0; i < na; i++) c[i] = a[i];
    for (i = 0; i < nb; i++) c[na + i] = b[i];
    free(a);
    free(b);
    return c;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4;
    int *a = range(1, n), *b = range(-n, n);
    printf("dot %ld\n", dot(a, b, n));
    int *c = concat(a, n, b, n);
    int i;
    for (i = 0; i < 2 * n; i++) printf("%d ", c[i]);
    printf("\n");
    free(c);
    return 0;
}
