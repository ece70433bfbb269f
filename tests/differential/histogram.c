#include <stdio.h>

#define BUCKETS 5
#define WIDTH 10

int main(void)
{
    int hist[BUCKETS] = {0};
    int x, i, j, maxc = 0, total = 0, out = 0;
    while (scanf("%d", &x) == 1) {
        if (x < 0 || x >= BUCKETS * WIDTH) {
            out++;
            continue;
        }
        hist[x / WIDTH]++;
        total++;
    }
    for (i = 0; i < BUCKETS; i++)
        if (hist[i] > maxc)
            maxc = hist[i];
    for (i = 0; i < BUCKETS; i++) {
        printf("%2d-%-2d |", i * WIDTH, i * WIDTH + WIDTH - 1);
        for (j = 0; j < hist[i]; j++)
            putchar('*');
        if (hist[i] == maxc && maxc > 0)
            printf(" <- mode");
        putchar('\n');
    }
    /* vertical chart */
    for (j = maxc; j > 0; j--) {
        for (i = 0; i < BUCKETS; i++)
            printf(" %c ", hist[i] >= j ? '#' : ' ');
        putchar('\n');
    }
    printf("total=%d outliers=%d\n", total, out);
    return 0;
}
