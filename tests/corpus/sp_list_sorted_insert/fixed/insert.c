/* Reads numbers and keeps them in a sorted linked list; prints it and its median. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

struct node *insert(struct node *head, int value)
{
    struct node *n = malloc(sizeof *n);
    n->value = value;
    n->next = NULL;
    if (head == NULL || value < head->value) {
        n->next = head;
        return n;
    }
    struct node *p = head;
    while (p->next != NULL && p->next->value <= value)
        p = p->next;
    n->next = p->next;
    p->next = n;
    return head;
}

int main(void)
{
    struct node *head = NULL;
    int x, count = 0;
    while (scanf("%d", &x) == 1) {
        head = insert(head, x);
        count++;
    }
    struct node *p = head;
    for (int i = 0; i < count / 2; i++)
        p = p->next;
    for (struct node *q = head; q != NULL; q = q->next)
        printf("%d ", q->value);
    printf("\n");
    if (p != NULL)
        printf("median %d\n", p->value);
    while (head != NULL) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
