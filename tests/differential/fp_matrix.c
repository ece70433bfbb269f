#include <stdio.h>
int main(void) {
    double a[3][3] = {{2, -1, 0}, {-1, 2, -1}, {0, -1, 2}};
    double b[3] = {1, 0, 1};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) {
            double f = a[j][i] / a[i][i];
            for (int k = i; k < 3; k++) a[j][k] -= f * a[i][k];
            b[j] -= f * b[i];
        }
    double x[3];
    for (int i = 2; i >= 0; i--) {
        double s = b[i];
        for (int k = i + 1; k < 3; k++) s -= a[i][k] * x[k];
        x[i] = s / a[i][i];
    }
    printf("%.6f %.6f %.6f\n", x[0], x[1], x[2]);
    return 0;
}
