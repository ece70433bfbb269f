/* A list walked after its first node was freed: `p->next` reads freed memory. ASan: heap-use-after-free. */
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

int main(void) {
    struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    a->v = 1; a->next = b;
    b->v = 2; b->next = NULL;
    int sum = 0;
    for (struct node *p = a; p != NULL; p = p->next) { /* UB: */
        sum += p->v;
        free(p);
    }
    printf("%d\n", sum);
    return 0;
}
