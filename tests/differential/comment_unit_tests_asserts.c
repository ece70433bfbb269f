#include <stdio.h>
#include <assert.h>
int abs_diff(int a, int b) {
    if (a > b) return a - b; else /* b >= a */
        return b - a;
}
int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    assert( /* why */ abs_diff(a, b) >= 0 /* never negative */ );
    printf("%d\n", abs_diff(a, b));
    return 0;
}
