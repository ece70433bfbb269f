#include <stdio.h>

void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

void sort(int *begin, int *end)
{
    int *i, *j;
    for (i = begin; i < end; i++)
        for (j = end - 1; j > i; j--)
            if (*(j - 1) > *j)
                swap(j - 1, j);
}

int main(void)
{
    int a[10];
    int n = 0, i;
    while (n < 10 && scanf("%d", &a[n]) == 1)
        n++;
    sort(a, a + n);
    for (i = 0; i < n; i++)
        printf("%d%c", a[i], i + 1 < n ? ' ' : '\n');
    return 0;
}
