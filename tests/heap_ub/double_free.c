/* A cleanup path that frees the same block twice. ASan: attempting double-free. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long *a = malloc(3 * sizeof(long));
    a[0] = a[1] = a[2] = 7;
    printf("%ld\n", a[0] + a[1] + a[2]);
    free(a);
    free(a); /* UB: */
    return 0;
}
