/* Matrix product on flat malloc'd arrays indexed i * cols + j. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n, m, k, i, j, t;
    if (scanf("%d %d %d", &n, &m, &k) != 3) return 1;
    double *a = malloc(n * m * sizeof(double));
    double *b = malloc(m * k * sizeof(double));
    double *c = calloc(n * k, sizeof(double));
    for (i = 0; i < n * m; i++) scanf("%lf", &a[i]);
    for (i = 0; i < m * k; i++) scanf("%lf", &b[i]);
    for (i = 0; i < n; i++)
        for (j = 0; j < k; j++)
            for (t = 0; t < m; t++) c[i * k + j] += a[i * m + t] * b[t * k + j];
    for (i = 0; i < n; i++) {
        for (j = 0; j < k; j++) printf("%8.2f", c[i * k + j]);
        printf("\n");
    }
    free(a);
    free(b);
    free(c);
    return 0;
}
