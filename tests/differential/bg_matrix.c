#include <stdio.h>

#define R 3
#define C 3

int main(void) {
    int a[R][C], b[R][C], p[R][C];
    int i, j, k, trace = 0;
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            scanf("%d", &a[i][j]);
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            b[i][j] = (i == j) * 2 + (j > i);
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) {
            p[i][j] = 0;
            for (k = 0; k < C; k++)
                p[i][j] += a[i][k] * b[k][j];
        }
    for (i = 0; i < R; i++) {
        for (j = 0; j < C; j++)
            printf("%5d", p[i][j]);
        printf("\n");
        trace += p[i][i];
    }
    printf("trace %d\n", trace);
    return 0;
}
