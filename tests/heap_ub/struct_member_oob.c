/* A struct's array member indexed one past its end through a pointer. ASan: heap-buffer-overflow. */
#include <stdio.h>
#include <stdlib.h>

struct hist { int bins[4]; int total; };

void add(struct hist *h, int x) {
    h->bins[x / 10] += 1; /* UB: */
    h->total++;
}

int main(void) {
    struct hist *h = calloc(1, sizeof *h);
    int x;
    while (scanf("%d", &x) == 1) add(h, x);
    printf("%d\n", h->total);
    free(h);
    return 0;
}
