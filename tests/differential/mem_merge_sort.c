/* Top-down merge sort with a malloc'd scratch buffer passed down the recursion. */
#include <stdio.h>
#include <stdlib.h>

void merge_sort(int *a, int *tmp, int lo, int hi) {
    if (hi - lo < 2) return;
    int mid = lo + (hi - lo) / 2, i = lo, j = mid, k = lo;
    merge_sort(a, tmp, lo, mid);
    merge_sort(a, tmp, mid, hi);
    while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < mid) tmp[k++] = a[i++];
    while (j < hi) tmp[k++] = a[j++];
    for (k = lo; k < hi; k++) a[k] = tmp[k];
}

int main(void) {
    int n, i;
    if (scanf("%d", &n) != 1 || n < 1) return 1;
    int *a = malloc(n * sizeof(int));
    int *tmp = malloc(n * sizeof(int));
    for (i = 0; i < n; i++)
        if (scanf("%d", &a[i]) != 1) a[i] = -i;
    merge_sort(a, tmp, 0, n);
    for (i = 0; i < n; i++) printf("%d ", a[i]);
    printf("\n");
    free(tmp);
    free(a);
    return 0;
}
