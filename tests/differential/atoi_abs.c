#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int i, v;
    long lv, total = 0;
    for (i = 1; i < argc; i++) {
        v = atoi(argv[i]);
        lv = atol(argv[i]);
        printf("%-12s atoi=%d atol=%ld abs=%d labs=%ld\n", argv[i], v, lv, abs(v), labs(lv));
        total += labs(lv);
    }
    printf("abs(-0)=%d abs(7)=%d labs(-123456789L)=%ld\n", abs(-0), abs(7), labs(-123456789L));
    printf("total=%ld\n", total);
    return argc == 1 ? 9 : 0;
}
