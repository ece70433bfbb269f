/* Sieve of Eratosthenes in a calloc'd byte table sized from argv. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[]) {
    int n = argc > 1 ? atoi(argv[1]) : 30;
    if (n < 2) {
        printf("no primes\n");
        return 0;
    }
    char *composite = calloc(n + 1, 1);
    int i, j, count = 0;
    for (i = 2; (long)i * i <= n; i++)
        if (!composite[i])
            for (j = i * i; j <= n; j += i) composite[j] = 1;
    for (i = 2; i <= n; i++)
        if (!composite[i]) {
            count++;
            if (count <= 15) printf("%d ", i);
        }
    printf("\n%d primes up to %d\n", count, n);
    free(composite);
    return 0;
}
