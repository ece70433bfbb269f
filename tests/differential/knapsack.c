#include <stdio.h>

#define MAXW 100

int best[MAXW + 1];
int take[20][MAXW + 1];

int main(void)
{
    int n, cap, w[20], v[20], i, j;
    if (scanf("%d %d", &n, &cap) != 2 || n < 1 || n > 20 || cap < 0 || cap > MAXW) {
        printf("bad header\n");
        return 1;
    }
    for (i = 0; i < n; i++)
        if (scanf("%d %d", &w[i], &v[i]) != 2) {
            printf("missing item %d\n", i);
            return 1;
        }
    for (i = 0; i < n; i++)
        for (j = cap; j >= w[i]; j--)
            if (best[j - w[i]] + v[i] > best[j]) {
                best[j] = best[j - w[i]] + v[i];
                take[i][j] = 1;
            }
    printf("best value %d\n", best[cap]);
    printf("items:");
    for (i = n - 1, j = cap; i >= 0; i--)
        if (take[i][j]) {
            printf(" %d(w%d,v%d)", i, w[i], v[i]);
            j -= w[i];
        }
    printf("\nunused capacity %d\n", j);
    return 0;
}
