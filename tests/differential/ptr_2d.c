#include <stdio.h>

int trace(int (*m)[3], int n)
{
    int t = 0, i;
    for (i = 0; i < n; i++)
        t += m[i][i];
    return t;
}

void scale(int *cells, int count, int k)
{
    int *p = cells;
    while (count-- > 0)
        *p++ *= k;
}

int main(void)
{
    int m[3][3];
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            m[i][j] = i * 3 + j;
    printf("trace %d\n", trace(m, 3));
    scale(&m[0][0], 9, 2);
    scale(m[1], 3, -1);
    for (i = 0; i < 3; i++) {
        int *row = m[i];
        printf("%d %d %d\n", row[0], row[1], *(row + 2));
    }
    int (*r)[3] = m + 1;
    printf("r %d %d\n", (*r)[0], r[1][2]);
    return 0;
}
