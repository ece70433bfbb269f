#include <stdio.h>
#include <math.h>
int main(void) {
    double x[64];
    int n = 0;
    while (n < 64 && scanf("%lf", &x[n]) == 1) n++;
    if (n < 2) { printf("need two\n"); return 1; }
    double mean = 0, var = 0;
    for (int i = 0; i < n; i++) mean += x[i];
    mean /= n;
    for (int i = 0; i < n; i++) var += (x[i] - mean) * (x[i] - mean);
    var /= n - 1;
    printf("n=%d mean=%.4f var=%.4f sd=%.4f\n", n, mean, var, sqrt(var));
    return 0;
}
