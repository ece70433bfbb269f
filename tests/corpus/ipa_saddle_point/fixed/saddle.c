#include <stdio.h>

#define N 5

int is_row_min(int a[N][N], int r, int c, int cols)
{
    int j;
    for (j = 0; j < cols; j++)
        if (a[r][j] < a[r][c])
            return 0;
    return 1;
}

int is_col_max(int a[N][N], int r, int c, int rows)
{
    int i;
    for (i = 0; i < rows; i++)
        if (a[i][c] > a[r][c])
            return 0;
    return 1;
}

int main()
{
    int a[N][N];
    int rows, cols, i, j, found = 0;

    scanf("%d %d", &rows, &cols);
    for (i = 0; i < rows; i++)
        for (j = 0; j < cols; j++)
            scanf("%d", &a[i][j]);

    for (i = 0; i < rows; i++) {
        for (j = 0; j < cols; j++) {
            if (is_row_min(a, i, j, cols) && is_col_max(a, i, j, rows)) {
                printf("Saddle point at (%d, %d): %d\n", i, j, a[i][j]);
                found++;
            }
        }
    }
    if (found == 0)
        printf("No saddle point\n");
    else
        printf("%d saddle point(s)\n", found);
    return 0;
}
