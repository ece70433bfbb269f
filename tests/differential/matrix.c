#include <stdio.h>

#define N 3

void mul(int a[N][N], int b[N][N], int c[N][N])
{
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            c[i][j] = 0;
            for (k = 0; k < N; k++)
                c[i][j] += a[i][k] * b[k][j];
        }
}

void transpose(int m[N][N])
{
    int i, j, t;
    for (i = 0; i < N; i++)
        for (j = i + 1; j < N; j++) {
            t = m[i][j];
            m[i][j] = m[j][i];
            m[j][i] = t;
        }
}

int trace(int m[][N])
{
    int i, s = 0;
    for (i = 0; i < N; i++)
        s += m[i][i];
    return s;
}

void print(int m[N][N])
{
    int i, j;
    for (i = 0; i < N; i++) {
        for (j = 0; j < N; j++)
            printf("%6d", m[i][j]);
        printf("\n");
    }
}

int main(void)
{
    int a[N][N], b[N][N] = {{1, 0, 2}, {0, 1, 0}, {-1, 3, 1}}, c[N][N];
    int i, j, p = 1;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            if (scanf("%d", &a[i][j]) != 1)
                a[i][j] = i - j;
    mul(a, b, c);
    print(c);
    printf("trace=%d\n", trace(c));
    transpose(c);
    print(c);
    mul(c, c, a);
    for (i = 0; i < N; i++)
        p *= a[i][i] % 7 + 1;
    printf("p=%d\n", p);
    return 0;
}
