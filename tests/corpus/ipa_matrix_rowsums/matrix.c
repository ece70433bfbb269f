#include <stdio.h>

#define MAX 10

int m[MAX][MAX];
int t[MAX][MAX];

void read_matrix(int rows, int cols)
{
    int i, j;
    for (i = 0; i < rows; i++)
        for (j = 0; j < cols; j++)
            scanf("%d", &m[i][j]);
}

void transpose(int rows, int cols)
{
    int i, j;
    for (i = 0; i < rows; i++)
        for (j = 0; j < cols; j++)
            t[j][i] = m[i][j];
}

int row_sum(int i, int cols)
{
    int j, sum = 0;
    for (j = 0; j < cols; j++)
        sum += m[j][i];
    return sum;
}

void print_matrix(int a[MAX][MAX], int rows, int cols)
{
    int i, j;
    for (i = 0; i < rows; i++) {
        for (j = 0; j < cols; j++)
            printf("%4d", a[i][j]);
        printf("\n");
    }
}

int main(void)
{
    int rows, cols, i;

    printf("Enter rows and columns: ");
    scanf("%d %d", &rows, &cols);
    if (rows < 1 || rows > MAX || cols < 1 || cols > MAX) {
        printf("Invalid size\n");
        return 1;
    }
    read_matrix(rows, cols);
    transpose(rows, cols);
    printf("Transpose:\n");
    print_matrix(t, cols, rows);
    for (i = 0; i < rows; i++)
        printf("Row %d sum = %d\n", i + 1, row_sum(i, cols));
    return 0;
}
