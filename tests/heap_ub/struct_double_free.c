/* A node unlinked and freed, then freed again by the clean-up of the removed nodes. ASan: attempting double-free. */
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

int main(void) {
    struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    a->v = 1; a->next = b;
    b->v = 2; b->next = NULL;
    struct node *removed = a->next;
    a->next = removed->next;
    printf("%d\n", removed->v);
    free(removed);
    free(a);
    free(b); /* UB: */
    return 0;
}
