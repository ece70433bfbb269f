#include <stdio.h>
#include <stdlib.h>

int col[12];
int n, solutions;
int first[12];

int ok(int row, int c)
{
    int r;
    for (r = 0; r < row; r++)
        if (col[r] == c || abs(col[r] - c) == row - r)
            return 0;
    return 1;
}

void place(int row)
{
    int c, r;
    if (row == n) {
        if (solutions++ == 0)
            for (r = 0; r < n; r++)
                first[r] = col[r];
        return;
    }
    for (c = 0; c < n; c++)
        if (ok(row, c)) {
            col[row] = c;
            place(row + 1);
        }
}

int main(int argc, char *argv[])
{
    int r, c;
    n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 1 || n > 10)
        return 2;
    place(0);
    printf("%d-queens: %d solutions\n", n, solutions);
    if (solutions > 0)
        for (r = 0; r < n; r++) {
            for (c = 0; c < n; c++)
                printf("%c", first[r] == c ? 'Q' : '.');
            printf("\n");
        }
    return 0;
}
