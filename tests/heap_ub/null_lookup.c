/* A failed lookup returns NULL and the caller dereferences it. UBSan/ASan: null dereference. */
#include <stdio.h>
#include <stdlib.h>

int *table;
int size;

int *find(int key) {
    int i;
    for (i = 0; i < size; i++)
        if (table[i] == key) return &table[i];
    return NULL;
}

int main(void) {
    int key, i;
    size = 5;
    table = malloc(size * sizeof(int));
    for (i = 0; i < size; i++) table[i] = 10 * i;
    if (scanf("%d", &key) != 1) return 1;
    int *p = find(key);
    printf("found %d\n", *p); /* UB: */
    free(table);
    return 0;
}
