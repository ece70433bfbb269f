#include <stdio.h>
#include <stdlib.h>

int main()
{
    int a[100], n, i, j, best, d;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    best = abs(a[0] - a[1]);
    for (i = 0; i < n; i++)
        for (j = i; j < n; j++) {
            d = abs(a[i] - a[j]);
            if (d < best)
                best = d;
        }
    printf("Smallest difference: %d\n", best);
    return 0;
}
