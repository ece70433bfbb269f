#include <stdio.h>
#define MAX 10

int main()
{
    int a[MAX][MAX];
    int r, c, i, j, s;
    scanf("%d %d", &r, &c);
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++)
            scanf("%d", &a[i][j]);
    for (i = 0; i < r; i++) {
        s = 0;
        for (j = 0; j < r; j++) {
            s += a[i][j];
        }
        printf("Row %d:%5d\n", i + 1, s);
    }
    return 0;
}
