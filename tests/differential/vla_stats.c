#include <stdio.h>

int main(void) {
    int n, i;
    if (scanf("%d", &n) != 1 || n <= 0) {
        printf("no data\n");
        return 1;
    }
    int a[n];
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    int min = a[0], max = a[0];
    long sum = 0;
    for (i = 0; i < n; i++) {
        if (a[i] < min) min = a[i];
        if (a[i] > max) max = a[i];
        sum += a[i];
    }
    printf("n=%d min=%d max=%d sum=%ld\n", n, min, max, sum);
    /* reverse in place */
    for (i = 0; i < n / 2; i++) {
        int t = a[i];
        a[i] = a[n - 1 - i];
        a[n - 1 - i] = t;
    }
    for (i = 0; i < n; i++)
        printf("%d%c", a[i], i + 1 < n ? ' ' : '\n');
    return 0;
}
