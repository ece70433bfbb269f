#include <stdio.h>
#include <stdlib.h>

/* Classic pre-ANSI program: implicit int everywhere, K&R parameters. */
static int depth;

square(x)
{
    return x * x;
}

sum_squares(n)
int n;
{
    int s = 0, i;
    for (i = 1; i <= n; i++)
        s += square(i);
    return s;
}

digit_root(n)
long n;
{
    depth++;
    if (n < 10)
        return (int)n;
    return digit_root((long)(n % 10 + digit_root(n / 10)));
}

main(argc, argv)
int argc;
char *argv[];
{
    int n, m;
    if (argc != 2) {
        printf("need exactly one argument\n");
        exit(1);
    }
    n = atoi(argv[1]);
    if (n < 0)
        n = -n;
    if (n > 1000)
        n = 1000;
    printf("sum of squares 1..%d = %d\n", n, sum_squares(n));
    m = digit_root((long)n);
    printf("digit root of %d = %d (depth %d)\n", n, m, depth);
    return n % 3;
}
