#include <stdio.h>

int divmod(int a, int b, int *q, int *r)
{
    if (b == 0)
        return 0;
    *q = a / b;
    *r = a % b;
    return 1;
}

void stats(const int *v, int n, long *total, int *evens)
{
    *total = 0;
    *evens = 0;
    while (n-- > 0) {
        *total += *v;
        if (*v % 2 == 0)
            (*evens)++;
        v++;
    }
}

int main(void)
{
    int a, b, q = -1, r = -1;
    int v[6];
    int n = 0;
    long t;
    int e;
    if (scanf("%d %d", &a, &b) != 2)
        return 2;
    if (divmod(a, b, &q, &r))
        printf("%d = %d * %d + %d\n", a, b, q, r);
    else
        printf("no division by zero\n");
    while (n < 6 && scanf("%d", v + n) == 1)
        n++;
    stats(v, n, &t, &e);
    printf("total %ld evens %d\n", t, e);
    return 0;
}
