#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* Sum the numbers of each line, parsing tokens with atoi. */
int main(void) {
    char tok[20];
    long sum = 0;
    int n = 0;
    while (scanf("%19s", tok) == 1) {
        int v = atoi(tok);
        long w = atol(tok);
        sum += v;
        n++;
        printf("%s:%d:%ld\n", tok, v, w);
    }
    printf("n=%d sum=%ld\n", n, sum);
    return 0;
}
