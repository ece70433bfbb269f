/* A growable int vector on realloc: push every input number, doubling the capacity. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int cap = 1, len = 0, x;
    int *v = malloc(cap * sizeof(int));
    while (scanf("%d", &x) == 1) {
        if (len == cap) {
            cap *= 2;
            v = realloc(v, cap * sizeof(int));
        }
        v[len++] = x;
    }
    printf("len %d cap %d\n", len, cap);
    int evens = 0;
    for (int i = 0; i < len; i++)
        if (v[i] % 2 == 0) evens++;
    printf("evens %d\n", evens);
    if (len > 0) printf("last %d first %d\n", v[len - 1], v[0]);
    free(v);
    return 0;
}
