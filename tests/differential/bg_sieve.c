#include <stdio.h>

#define N 100

int main(void) {
    int composite[N + 1] = {0};
    int i, j, limit, count = 0;
    scanf("%d", &limit);
    if (limit > N) limit = N;
    for (i = 2; i * i <= limit; i++)
        if (!composite[i])
            for (j = i * i; j <= limit; j += i)
                composite[j] = 1;
    for (i = 2; i <= limit; i++)
        if (!composite[i]) {
            printf("%d ", i);
            count++;
        }
    printf("\n%d primes\n", count);
    return 0;
}
