/* Prefix sums into a second heap array made by a helper; the helper's array outlives it. */
#include <stdio.h>
#include <stdlib.h>

long *prefix(const int *v, int n) {
    long *p = malloc((n + 1) * sizeof(long));
    p[0] = 0;
    for (int i = 0; i < n; i++)
        p[i + 1] = p[i] + v[i];
    return p;
}

int main(int argc, char **argv) {
    int n = argc - 1;
    int *v = malloc((n > 0 ? n : 1) * sizeof(int));
    for (int i = 0; i < n; i++)
        v[i] = atoi(argv[i + 1]);
    long *p = prefix(v, n);
    for (int i = 0; i <= n; i++)
        printf("%ld ", p[i]);
    printf("\n");
    if (n >= 2) printf("range(1,%d) = %ld\n", n, p[n] - p[1]);
    free(p);
    free(v);
    return 0;
}
