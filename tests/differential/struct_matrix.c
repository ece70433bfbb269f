#include <stdio.h>
typedef struct { int rows, cols; int m[3][3]; } Mat;

Mat mat_mul(Mat a, Mat b) {
    Mat r;
    int i, j, k;
    r.rows = a.rows; r.cols = b.cols;
    for (i = 0; i < r.rows; i++)
        for (j = 0; j < r.cols; j++) {
            r.m[i][j] = 0;
            for (k = 0; k < a.cols; k++)
                r.m[i][j] += a.m[i][k] * b.m[k][j];
        }
    return r;
}

int main(void) {
    Mat a = {3, 3, {{1, 2, 0}, {0, 1, 3}, {4, 0, 1}}};
    Mat id = {3, 3, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    Mat p = mat_mul(a, id);
    Mat q = mat_mul(p, a);
    int i, j;
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++)
            printf("%4d", q.m[i][j]);
        printf("\n");
    }
    printf("%d\n", (int)sizeof(Mat));
    return 0;
}
