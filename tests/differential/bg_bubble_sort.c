#include <stdio.h>

void swap(int *a, int *b) {
    int t = *a;
    *a = *b;
    *b = t;
}

int main(void) {
    int a[50], n = 0, i, j, swapped;
    while (n < 50 && scanf("%d", &a[n]) == 1)
        n++;
    for (i = 0; i < n - 1; i++) {
        swapped = 0;
        for (j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                swap(&a[j], &a[j + 1]);
                swapped = 1;
            }
        if (!swapped)
            break;
    }
    for (i = 0; i < n; i++)
        printf("%d ", a[i]);
    printf("\n");
    if (n > 0)
        printf("median %d\n", a[n / 2]);
    return 0;
}
