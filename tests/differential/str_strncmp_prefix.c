#include <stdio.h>
#include <string.h>
int main(void) {
    char w[30];
    int un = 0, re = 0, other = 0;
    while (scanf("%29s", w) == 1) {
        if (strncmp(w, "un", 2) == 0) un++;
        else if (strncmp(w, "re", 2) == 0) re++;
        else other++;
    }
    printf("un=%d re=%d other=%d\n", un, re, other);
    return 0;
}
