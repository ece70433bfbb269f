#include <stdio.h>

int main(void) {
    int n, i, x, sum = 0, best = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &x);
        sum += x;
        if (x > best)
            best = x;
    }
    if (n == 0) {
        printf("no marks\n");
        return 0;
    }
    double avg = (double)sum / n;
    printf("best: %d\n", best);
    printf("average: %d\n", avg);
    return 0;
}
