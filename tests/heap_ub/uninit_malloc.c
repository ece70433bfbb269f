/* A sum over malloc'd memory that was never written. MSan/valgrind: uninitialised value. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n = 3, i, s = 0;
    int *v = malloc(n * sizeof(int));
    for (i = 1; i < n; i++) v[i] = i;
    for (i = 0; i < n; i++) s += v[i]; /* UB: */
    printf("%d\n", s);
    free(v);
    return 0;
}
