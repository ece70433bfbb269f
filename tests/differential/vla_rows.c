#include <stdio.h>

int trace(int n, int m[][3]) {
    int i, t = 0;
    for (i = 0; i < n && i < 3; i++)
        t += m[i][i];
    return t;
}

int main(void) {
    int rows, r, c;
    scanf("%d", &rows);
    int m[rows][3];
    for (r = 0; r < rows; r++)
        for (c = 0; c < 3; c++)
            m[r][c] = r * 3 + c;
    printf("trace %d\n", trace(rows, m));
    for (r = 1; r <= rows; r++) {
        int prefix[r];
        int k;
        prefix[0] = m[0][0];
        for (k = 1; k < r; k++)
            prefix[k] = prefix[k - 1] + m[k][2];
        printf("%d ", prefix[r - 1]);
    }
    printf("\n");
    return 0;
}
