/* Function pointers as local variables: chosen conditionally, compared, passed, returned. */
#include <stdio.h>
#include <stdlib.h>

int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int negate(int x) { return -x; }
int identity(int x) { return x; }

typedef int (*unary)(int);

unary choose(int code)
{
    switch (code) {
    case 1: return twice;
    case 2: return square;
    case 3: return &negate;
    default: return NULL;
    }
}

int apply_n(unary f, int n, int x)
{
    while (n-- > 0)
        x = f(x);
    return x;
}

int sum_map(unary fs[], int nf, int x)
{
    int i, s = 0;
    for (i = 0; i < nf; i++)
        s += fs[i](x);
    return s;
}

int main(int argc, char **argv)
{
    int i, x = argc > 1 ? atoi(argv[1]) : 3;
    int (*f)(int) = identity;
    unary g;
    unary all[4] = { twice, square, negate };
    all[3] = identity;
    for (i = 0; i < 5; i++) {
        g = choose(i);
        if (g == NULL) {
            printf("choose(%d) = none\n", i);
            continue;
        }
        printf("choose(%d)(%d) = %d, via *: %d\n", i, x, g(x), (*g)(x + 1));
    }
    f = x > 2 ? square : twice;
    printf("f is square: %d, twice: %d\n", f == square, f == twice);
    printf("apply_n(f, 3, 2) = %d\n", apply_n(f, 3, 2));
    printf("apply_n(negate, 5, x) = %d\n", apply_n(negate, 5, x));
    printf("sum_map = %d\n", sum_map(all, 4, x));
    f = choose(x % 4);
    if (f) printf("chosen\n"); else printf("null\n");
    if (f != NULL && f != identity)
        printf("f(10) = %d\n", f(10));
    printf("sizeof f = %d\n", (int)sizeof f);
    g = (unary)twice;
    f = (int (*)(int))0;
    printf("casts: %d %d %d\n", g(x), f == NULL, ((unary)square)(x));
    return 0;
}
