#include <stdio.h>
#include <stdlib.h>

int m[9][9];

void fill(int n)
{
    int top = 0, bot = n - 1, left = 0, right = n - 1, v = 1, i;
    while (top <= bot && left <= right) {
        for (i = left; i <= right; i++) m[top][i] = v++;
        top++;
        for (i = top; i <= bot; i++) m[i][right] = v++;
        right--;
        if (top <= bot) {
            for (i = right; i >= left; i--) m[bot][i] = v++;
            bot--;
        }
        if (left <= right) {
            for (i = bot; i >= top; i--) m[i][left] = v++;
            left++;
        }
    }
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 4, i, j, diag = 0;
    if (n < 1 || n > 9)
        return 1;
    fill(n);
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            printf("%3d", m[i][j]);
        printf("\n");
        diag += m[i][i] + m[i][n - 1 - i];
    }
    printf("diagonals %d\n", diag);
    return 0;
}
