/* A matrix of malloc'd rows: read, transpose into another, print, free every row. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int r, c, i, j;
    if (scanf("%d %d", &r, &c) != 2 || r <= 0 || c <= 0) {
        printf("bad size\n");
        return 2;
    }
    int **m = malloc(r * sizeof(int *));
    int **t = malloc(c * sizeof(int *));
    for (i = 0; i < r; i++) m[i] = malloc(c * sizeof(int));
    for (j = 0; j < c; j++) t[j] = calloc(r, sizeof(int));
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++)
            if (scanf("%d", &m[i][j]) != 1) m[i][j] = 0;
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++) t[j][i] = m[i][j];
    for (j = 0; j < c; j++) {
        int rowsum = 0;
        for (i = 0; i < r; i++) {
            printf("%4d", t[j][i]);
            rowsum += t[j][i];
        }
        printf(" | %d\n", rowsum);
    }
    for (i = 0; i < r; i++) free(m[i]);
    for (j = 0; j < c; j++) free(t[j]);
    free(m);
    free(t);
    return 0;
}
