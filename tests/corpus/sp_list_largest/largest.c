/* Reads numbers into a linked list built with malloc, then prints the largest. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

struct node *push(struct node *head, int value)
{
    struct node *n = malloc(sizeof(struct node));
    n->value = value;
    n->next = head;
    return n;
}

int largest(struct node *head)
{
    int best = head->value;
    struct node *p;
    for (p = head->next; p != NULL; p = p->next) {
        if (p->value < best)
            best = p->value;
    }
    return best;
}

int main(void)
{
    struct node *head = NULL;
    int x;
    while (scanf("%d", &x) == 1)
        head = push(head, x);
    if (head == NULL) {
        printf("empty\n");
        return 0;
    }
    printf("max %d\n", largest(head));
    while (head != NULL) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
