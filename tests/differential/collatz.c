#include <stdio.h>
#include <stdlib.h>


int collatz_steps(long n, long peak[])
{
    int s = 0;
    peak[0] = n;
    do {
        if (n % 2 == 0)
            n /= 2;
        else
            n = 3 * n + 1;
        if (n > peak[0])
            peak[0] = n;
        s++;
    } while (n != 1);
    return s;
}

int main(int argc, char *argv[])
{
    long lo = 1, hi = 10, i, peak[1], best_n = 0;
    int best = -1, s;
    if (argc > 2) {
        lo = atol(argv[1]);
        hi = atol(argv[2]);
    }
    if (lo < 1 || hi < lo || hi > 100000) {
        printf("bad range\n");
        return 1;
    }
    for (i = lo; i <= hi; i++) {
        s = collatz_steps(i, peak);
        if (hi - lo < 12)
            printf("%ld: %d steps, peak %ld\n", i, s, peak[0]);
        if (s > best) {
            best = s;
            best_n = i;
        }
    }
    printf("longest: %ld with %d steps\n", best_n, best);
    return 0;
}
