#include <stdio.h>
typedef union { int as_int; unsigned char bytes_hint; long wide; } Cell;

int main(void) {
    Cell cells[4];
    int i;
    long sum = 0;
    for (i = 0; i < 4; i++) {
        if (i % 2) cells[i].wide = 1000000000L * i;
        else cells[i].as_int = i * 7;
    }
    for (i = 0; i < 4; i++)
        sum += i % 2 ? cells[i].wide : cells[i].as_int;
    printf("%ld %d\n", sum, (int)sizeof cells);
    return 0;
}
