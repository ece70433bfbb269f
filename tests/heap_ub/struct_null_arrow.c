/* A lookup that returns NULL for a missing key, used without a check. UBSan/ASan: SEGV on null. */
#include <stdio.h>
#include <stdlib.h>

struct item { int key; int value; struct item *next; };

struct item *find(struct item *h, int key) {
    while (h != NULL && h->key != key) h = h->next;
    return h;
}

int main(void) {
    struct item *h = NULL;
    for (int k = 1; k <= 3; k++) {
        struct item *p = malloc(sizeof(struct item));
        p->key = k; p->value = k * 10; p->next = h; h = p;
    }
    int k;
    scanf("%d", &k);
    struct item *it = find(h, k);
    printf("%d\n", it->value); /* UB: */
    while (h) { struct item *t = h->next; free(h); h = t; }
    return 0;
}
