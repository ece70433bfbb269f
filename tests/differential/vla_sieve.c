#include <stdio.h>

int main(int argc, char *argv[]) {
    int n = 50, i, j, count = 0;
    if (argc > 1) {
        n = 0;
        for (i = 0; argv[1][i] >= '0' && argv[1][i] <= '9'; i++)
            n = n * 10 + (argv[1][i] - '0');
    }
    if (n < 2) { printf("none\n"); return 0; }
    char composite[n + 1];
    for (i = 0; i <= n; i++) composite[i] = 0;
    for (i = 2; i * i <= n; i++)
        if (!composite[i])
            for (j = i * i; j <= n; j += i)
                composite[j] = 1;
    for (i = 2; i <= n; i++)
        if (!composite[i]) {
            count++;
            printf("%d ", i);
        }
    printf("\n%d primes up to %d\n", count, n);
    return 0;
}
