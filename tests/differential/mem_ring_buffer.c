/* A ring buffer of the last K lines' lengths on the heap (tail -n style statistics). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int k = argc > 1 ? atoi(argv[1]) : 3;
    if (k <= 0) return 2;
    int *ring = malloc(k * sizeof(int));
    int head = 0, count = 0, len = 0, c, i;
    while ((c = getchar()) != EOF) {
        if (c == '\n') {
            ring[head] = len;
            head = (head + 1) % k;
            if (count < k) count++;
            len = 0;
        } else {
            len++;
        }
    }
    printf("last %d line lengths:", count);
    for (i = 0; i < count; i++) printf(" %d", ring[(head - count + i + k) % k]);
    printf("\n");
    free(ring);
    return 0;
}
