#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int rows = argc > 1 ? atoi(argv[1]) : 6;
    long row[35];
    int i, j;
    if (rows < 1 || rows > 34) {
        printf("rows must be 1..34\n");
        return 1;
    }
    for (i = 0; i < rows; i++) {
        row[i] = 1;
        for (j = i - 1; j > 0; j--)
            row[j] += row[j - 1];
        if (rows <= 12) {
            for (j = 0; j < (rows - i - 1) * 2; j++)
                putchar(' ');
            for (j = 0; j <= i; j++)
                printf("%4ld", row[j]);
            putchar('\n');
        }
    }
    printf("middle of last row: %ld\n", row[(rows - 1) / 2]);
    return 0;
}
