#include <stdio.h>
#include <stdlib.h>

#define MAXN 2000

char composite[MAXN + 1];

int sieve(int n)
{
    int i, j, count = 0;
    for (i = 2; i * i <= n; i++) {
        if (composite[i])
            continue;
        for (j = i * i; j <= n; j += i)
            composite[j] = 1;
    }
    for (i = 2; i <= n; i++)
        if (!composite[i])
            count++;
    return count;
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 50;
    int i, col = 0, last = 0;
    if (n > MAXN) n = MAXN;
    if (n < 2) {
        printf("no primes below 2\n");
        return 0;
    }
    printf("%d primes up to %d\n", sieve(n), n);
    for (i = 2; i <= n; i++) {
        if (composite[i])
            continue;
        if (col >= 40)
            break;
        printf("%5d%c", i, (++col % 10 == 0) ? '\n' : ' ');
        last = i;
    }
    if (col % 10 != 0)
        putchar('\n');
    printf("last shown: %d\n", last);
    return 0;
}
