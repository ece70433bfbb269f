#include <stdio.h>

#define MAX 8

void read_matrix(int a[MAX][MAX], int r, int c)
{
    int i, j;
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++)
            scanf("%d", &a[i][j]);
}

void multiply(int a[MAX][MAX], int b[MAX][MAX], int c[MAX][MAX], int n, int m, int p)
{
    int i, j, k;
    for (i = 0; i < n; i++) {
        for (j = 0; j < p; j++) {
            c[i][j] = 0;
            for (k = 0; k < m; k++)
                c[i][j] += a[i][k] * b[k][j];
        }
    }
}

int main(void)
{
    int a[MAX][MAX] = {{0}}, b[MAX][MAX] = {{0}}, c[MAX][MAX];
    int n, m, m2, p, i, j;

    scanf("%d %d", &n, &m);
    read_matrix(a, n, m);
    scanf("%d %d", &m2, &p);
    read_matrix(b, m2, p);
    if (m != m2) {
        printf("Cannot multiply %dx%d by %dx%d\n", n, m, m2, p);
        return 0;
    }
    multiply(a, b, c, n, m, p);
    for (i = 0; i < n; i++) {
        for (j = 0; j < p; j++)
            printf("%d ", c[i][j]);
        printf("\n");
    }
    return 0;
}
