#include <stdio.h>
int main(void) {
    int n, x, sum = 0, count = 0;
    while (scanf("%d", &x) == 1) { sum += x; count++; }
    if (count == 0) { printf("no data\n"); return 1; }
    double avg = (double)sum / count;
    printf("avg=%.2f\n", avg);
    printf("int avg=%d\n", sum / count);
    return 0;
}
