/* A stdin calculator: operators dispatched through a table of function pointers. */
#include <stdio.h>

typedef long (*binop)(long, long);

long op_add(long a, long b) { return a + b; }
long op_sub(long a, long b) { return a - b; }
long op_mul(long a, long b) { return a * b; }
long op_div(long a, long b) { return b == 0 ? 0 : a / b; }
long op_max(long a, long b) { return a > b ? a : b; }

static const char syms[] = "+-*/^";
static binop ops[] = { op_add, op_sub, op_mul, op_div, op_max };

int index_of(char c)
{
    int i;
    for (i = 0; syms[i] != '\0'; i++)
        if (syms[i] == c)
            return i;
    return -1;
}

int main(void)
{
    long acc, x;
    char c;
    int steps = 0;
    if (scanf("%ld", &acc) != 1)
        return 2;
    while (scanf(" %c %ld", &c, &x) == 2) {
        int k = index_of(c);
        if (k < 0) {
            printf("unknown operator %c\n", c);
            return 1;
        }
        acc = ops[k](acc, x);
        steps++;
        printf("step %d: %ld\n", steps, acc);
    }
    printf("= %ld (%d steps, table of %d)\n", acc, steps, (int)(sizeof ops / sizeof ops[0]));
    return 0;
}
