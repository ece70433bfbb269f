#include <stdio.h>

int trace[32];
int ntrace;

int probe(int id, int value)
{
    if (ntrace < 32)
        trace[ntrace++] = id;
    return value;
}

void dump(int result)
{
    int i;
    printf("result=%d evaluated:", result);
    for (i = 0; i < ntrace; i++)
        printf(" %d", trace[i]);
    printf("\n");
    ntrace = 0;
}

int main(void)
{
    int x, y, r, k = 0;
    while (scanf("%d %d", &x, &y) == 2) {
        dump(probe(1, x) && probe(2, y));
        dump(probe(1, x) || probe(2, y));
        dump((probe(1, x) && probe(2, y)) || probe(3, x + y));
        dump(!probe(1, x) || (probe(2, y) && probe(3, 0)));
        r = (y != 0 && x / y > 1);
        printf("safe div test: %d\n", r);
        r = x > 0 && (k += x) > 5;
        printf("k=%d r=%d\n", k, r);
        r = x++ || y++;
        printf("x=%d y=%d r=%d\n", x, y, r);
    }
    return 0;
}
