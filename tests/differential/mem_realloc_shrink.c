/* realloc keeps the prefix when a block shrinks and when it grows; realloc(NULL, n) is malloc. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5;
    int i;
    double *d = realloc(NULL, n * sizeof(double));
    for (i = 0; i < n; i++) d[i] = i / 2.0;
    d = realloc(d, (n / 2 + 1) * sizeof(double));
    for (i = 0; i <= n / 2; i++) printf("%.2f ", d[i]);
    printf("\n");
    d = realloc(d, 3 * n * sizeof(double));
    for (i = n / 2 + 1; i < 3 * n; i++) d[i] = -i;
    double s = 0;
    for (i = 0; i < 3 * n; i++) s += d[i];
    printf("sum %.3f\n", s);
    free(d);
    return 0;
}
