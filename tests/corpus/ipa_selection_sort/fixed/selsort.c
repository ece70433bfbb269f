#include <stdio.h>

int index_of_min(int v[], int from, int n)
{
    int best = from;
    int i;
    for (i = from + 1; i < n; i++) {
        if (v[i] < v[best])
            best = i;
    }
    return best;
}

void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

void selection_sort(int v[], int n)
{
    int i, m;
    for (i = 0; i < n - 1; i++) {
        m = index_of_min(v, i, n);
        if (m != i)
            swap(&v[i], &v[m]);
    }
}

int main()
{
    int v[50];
    int n = 0, x, i;
    long total = 0;

    while (n < 50 && scanf("%d", &x) == 1) {
        v[n] = x;
        n++;
    }
    selection_sort(v, n);
    for (i = 0; i < n; i++) {
        printf("%d ", v[i]);
        total += v[i];
    }
    printf("\n");
    if (n > 0)
        printf("range = %d, total = %ld\n", v[n - 1] - v[0], total);
    else
        printf("empty\n");
    return 0;
}
