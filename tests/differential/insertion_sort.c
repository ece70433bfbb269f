#include <stdio.h>

/* Sorting in a callee modifies the caller's array. */
void sort(int a[], int n, int descending)
{
    int i, j, key;
    for (i = 1; i < n; i++) {
        key = a[i];
        j = i - 1;
        while (j >= 0 && (descending ? a[j] < key : a[j] > key)) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
}

int dedupe(int a[], int n)
{
    int i, k = 0;
    for (i = 0; i < n; i++)
        if (k == 0 || a[k - 1] != a[i])
            a[k++] = a[i];
    return k;
}

void show(int label, int a[], int n)
{
    int i;
    switch (label) {
    case 0: printf("input:"); break;
    case 1: printf("ascending:"); break;
    case 2: printf("descending:"); break;
    default: printf("unique:");
    }
    for (i = 0; i < n; i++)
        printf(" %d", a[i]);
    printf("\n");
}

int main(void)
{
    int a[64], n = 0, desc = 0, x;
    char mode;
    if (scanf(" %c", &mode) == 1 && mode == 'd')
        desc = 1;
    while (n < 64 && scanf("%d", &x) == 1)
        a[n++] = x;
    show(0, a, n);
    sort(a, n, desc);
    show(desc ? 2 : 1, a, n);
    n = dedupe(a, n);
    show(3, a, n);
    return 0;
}
