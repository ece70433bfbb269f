#include <stdio.h>

/* Fixed-width records read with %c runs: a 3-byte code, a 2-byte count and a
   1-byte flag per record (the array gets no NUL, so it is printed with a
   precision). */
int main(void) {
    char code[3], count[2], flag;
    int total = 0, n;
    while (scanf(" %3c%2c%c", code, count, &flag) == 3) {
        n = (count[0] - '0') * 10 + (count[1] - '0');
        printf("%.3s x%d", code, n);
        if (flag == '*')
            printf(" (flagged)");
        printf("\n");
        total += n;
    }
    printf("total %d\n", total);
    return 0;
}
