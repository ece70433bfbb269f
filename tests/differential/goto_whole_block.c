/* A backward goto whose region is a whole function body, a label right after a loop that a
   goto inside a do-while leaves, and two labels with jumps nested in one another. */
#include <stdio.h>

int collatz_steps(int n) {
    int steps = 0;
top:
    if (n == 1) return steps;
    steps++;
    n = n % 2 ? 3 * n + 1 : n / 2;
    goto top;
}

int main(void) {
    int n, k = 0;
    while (scanf("%d", &n) == 1) {
        if (n <= 0) goto skip;
        printf("%d: %d steps\n", n, collatz_steps(n));
        do {
            k++;
            if (k % 5 == 0) goto after;
        } while (k % 3 != 0);
        printf("k stopped at %d\n", k);
        goto next;
    after:
        printf("k hit %d\n", k);
        goto next;
    skip:
        printf("skip %d\n", n);
    next:;
    }
    return 0;
}
