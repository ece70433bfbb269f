/* Pointers to function pointers: an out-parameter that picks a function (`int (**pp)(int)`),
 * a table walked through a `unary *`, a pointer to a table slot that is rewritten, and a
 * pipeline of pointers passed as `unary *fs`. */
#include <stdio.h>

int inc(int x) { return x + 1; }
int dbl(int x) { return 2 * x; }
int neg(int x) { return -x; }
int sq(int x) { return x * x; }

typedef int (*unary)(int);

void pick(int (**pp)(int), int code)
{
    if (code > 3)
        *pp = dbl;
    else if (code < 0)
        *pp = neg;
    else
        *pp = inc;
}

int run_all(unary *fs, int n, int x)
{
    int i;
    for (i = 0; i < n; i++)
        x = fs[i](x);
    return x;
}

int count_of(unary *fs, int n, unary f)
{
    int c = 0;
    unary *end = fs + n;
    while (fs < end) {
        if (*fs == f)
            c++;
        fs++;
    }
    return c;
}

int main(void)
{
    unary table[4] = {inc, dbl, neg, sq};
    unary *t = table;
    unary *slot = &table[3];
    int (*f)(int) = sq;
    int x, k;
    if (scanf("%d", &x) != 1)
        return 1;
    pick(&f, x);
    printf("f(%d) = %d\n", x, f(x));
    printf("pipeline: %d\n", run_all(table, 4, x));
    printf("t[1] = %d, *(t + 2) = %d\n", t[1](x), (*(t + 2))(x));
    *slot = f;
    printf("after: %d, dbl twice: %d\n", run_all(t, 4, x), count_of(table, 4, dbl));
    for (k = 0; k < 4; k++) {
        unary *p = &table[k];
        printf("%d%s", (*p)(k + x), k == 3 ? "\n" : " ");
    }
    return 0;
}
