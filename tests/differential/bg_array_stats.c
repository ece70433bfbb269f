#include <stdio.h>

int main(void) {
    int data[] = {12, -4, 7, 19, 3, 3, 0, 25};
    int n = sizeof(data) / sizeof(data[0]);
    int i, min = data[0], max = data[0], sum = 0, evens = 0;
    for (i = 0; i < n; i++) {
        sum += data[i];
        if (data[i] < min) min = data[i];
        if (data[i] > max) max = data[i];
        if (data[i] % 2 == 0) evens++;
    }
    printf("n=%d sum=%d min=%d max=%d evens=%d\n", n, sum, min, max, evens);
    printf("mean=%.3f\n", (float)sum / n);
    printf("size of int: %lu, of array: %zu\n", sizeof(int), sizeof data);
    for (i = n - 1; i >= 0; i--)
        printf("%d%s", data[i], i ? ", " : "\n");
    return 0;
}
