#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
/* limits.h, stdio.h and stdlib.h constants programs use. */
int main(void) {
    int x, best = INT_MIN, worst = INT_MAX;
    while (scanf("%d", &x) == 1) {
        if (x > best) best = x;
        if (x < worst) worst = x;
    }
    printf("%d %d\n", best, worst);
    printf("%d %d %u %ld %lu\n", CHAR_BIT, SCHAR_MIN, UINT_MAX, LONG_MIN, ULONG_MAX);
    printf("%d %d %d %d\n", SHRT_MIN, USHRT_MAX, UCHAR_MAX, CHAR_MAX);
    printf("%lld %llu\n", LLONG_MAX, ULLONG_MAX);
    printf("%d %d %d %d\n", EOF, BUFSIZ, RAND_MAX, EXIT_FAILURE);
    return best == INT_MIN ? EXIT_FAILURE : EXIT_SUCCESS;
}
