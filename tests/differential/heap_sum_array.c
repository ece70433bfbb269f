/* Read n numbers into a malloc'd array, then print their sum, maximum and the array reversed. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1 || n <= 0 || n > 100) {
        printf("bad count\n");
        return 1;
    }
    int *a = malloc(n * sizeof(int));
    if (a == NULL) return 2;
    for (int i = 0; i < n; i++)
        if (scanf("%d", &a[i]) != 1) a[i] = 0;
    long sum = 0;
    int max = a[0];
    for (int i = 0; i < n; i++) {
        sum += a[i];
        if (a[i] > max) max = a[i];
    }
    printf("sum %ld max %d\n", sum, max);
    for (int i = n - 1; i >= 0; i--)
        printf("%d%c", a[i], i ? ' ' : '\n');
    free(a);
    return 0;
}
