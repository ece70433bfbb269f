#include <stdio.h>
#include <stdlib.h>

/* Validates a list of numbers; exit status reports the first problem. */
void fail(int code, int where)
{
    printf("error %d at position %d\n", code, where);
    fprintf(stderr, "fatal: code %d\n", code);
    exit(code);
}

int check(int v, int pos)
{
    if (v < 0)
        fail(3, pos);
    if (v > 1000)
        fail(4, pos);
    return v % 2;
}

int main(void)
{
    int v, pos = 0, odd = 0, sum = 0;
    while (scanf("%d", &v) == 1) {
        odd += check(v, pos);
        sum += v;
        pos++;
        if (sum > 2000) {
            printf("sum overflow after %d values\n", pos);
            return 5;
        }
    }
    if (pos == 0) {
        printf("no input\n");
        exit(EXIT_FAILURE);
    }
    printf("%d values, %d odd, sum %d\n", pos, odd, sum);
    return odd == pos ? 7 : EXIT_SUCCESS;
}
