/* A histogram of digits in calloc'd counters, then the most frequent digit. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *count = calloc(10, sizeof(int));
    int c;
    while ((c = getchar()) != EOF)
        if (c >= '0' && c <= '9')
            count[c - '0']++;
    int best = 0;
    for (int d = 0; d < 10; d++) {
        if (count[d] > 0) printf("%d: %d\n", d, count[d]);
        if (count[d] > count[best]) best = d;
    }
    printf("most %d\n", best);
    free(count);
    return 0;
}
