/* Reads numbers into a linked list, reverses it in place and prints it with its sum. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

struct node *push_back(struct node *tail, int value)
{
    struct node *n = malloc(sizeof *n);
    n->value = value;
    n->next = NULL;
    if (tail != NULL)
        tail->next = n;
    return n;
}

struct node *reverse(struct node *head)
{
    struct node *prev = NULL;
    while (head != NULL) {
        struct node *rest = head->next;
        head->next = rest;
        prev = head;
        head = rest;
    }
    return prev;
}

int main(void)
{
    struct node *head = NULL, *tail = NULL;
    int x;
    while (scanf("%d", &x) == 1) {
        tail = push_back(tail, x);
        if (head == NULL)
            head = tail;
    }
    head = reverse(head);
    int sum = 0;
    for (struct node *p = head; p != NULL; p = p->next) {
        printf("%d ", p->value);
        sum += p->value;
    }
    printf("\nsum %d\n", sum);
    while (head != NULL) {
        struct node *t = head->next;
        free(head);
        head = t;
    }
    return 0;
}
