/* Edge cases glibc defines: free(NULL), malloc(0) and calloc(0, n) give freeable blocks,
   realloc(p, 0) frees p and returns NULL. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    free(NULL);
    char *z = malloc(0);
    int *e = calloc(0, sizeof(int));
    printf("%d %d\n", z != NULL, e != NULL);
    free(z);
    free(e);
    int *p = malloc(4 * sizeof(int));
    p[0] = 5;
    p = realloc(p, 0);
    printf("%d\n", p == NULL);
    double *d = calloc(3, sizeof(double));
    printf("%.1f %.1f %.1f\n", d[0], d[1], d[2]);
    free(d);
    return 0;
}
