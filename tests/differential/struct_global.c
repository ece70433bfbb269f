#include <stdio.h>
struct counter { int hits; int misses; long total; };
struct counter stats;
struct counter hist[4] = {{1, 2, 3}, {4}};

void record(int v) {
    stats.total += v;
    if (v % 2 == 0) stats.hits++;
    else stats.misses++;
    hist[v % 4].hits++;
}

int main(void) {
    int v;
    while (scanf("%d", &v) == 1)
        record(v);
    printf("hits=%d misses=%d total=%ld\n", stats.hits, stats.misses, stats.total);
    for (v = 0; v < 4; v++)
        printf("hist[%d] = %d %d %ld\n", v, hist[v].hits, hist[v].misses, hist[v].total);
    return 0;
}
