#include <stdio.h>
int main(void) {
    int a, r = 0;
    if (scanf("%d", &a) != 1) return 1;
    // this comment continues \
    r = 1000;
    if (a > 0) r = 1; else // the next line is part of this comment \
        r = 5;
    r += 2;
    printf("%d\n", r);
    return 0;
}
