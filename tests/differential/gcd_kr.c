#include <stdio.h>
#include <stdlib.h>

/* Old-style (K&R) definitions and implicit int. */
gcd(a, b)
int a, b;
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

long lcm(a, b)
long a, b;
{
    return a / gcd((int)a, (int)b) * b;
}

show(x, y)
{
    printf("gcd(%d,%d)=%d lcm=%ld\n", x, y, gcd(x, y), lcm((long)x, (long)y));
    return 0;
}

main(argc, argv)
int argc;
char *argv[];
{
    int i;
    if (argc < 3) {
        printf("usage: gcd a b [c ...]\n");
        return 1;
    }
    for (i = 1; i + 1 < argc; i++)
        show(atoi(argv[i]), atoi(argv[i + 1]));
    return 0;
}
