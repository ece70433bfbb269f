/* A stack of ints on malloc'd nodes, with its size kept in a malloc'd header. */
#include <assert.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *below;
};

struct stack {
    struct node *top;
    int size;
};

struct stack *stack_new(void)
{
    struct stack *s = malloc(sizeof(struct stack));
    s->top = NULL;
    s->size = 0;
    return s;
}

void push(struct stack *s, int value)
{
    struct node *n = malloc(sizeof(struct node));
    n->value = value;
    n->below = s->top;
    s->top = n;
    s->size += 1;
}

int pop(struct stack *s)
{
    struct node *n = s->top;
    int value = n->value;
    s->top = n->below;
    s->size -= 1;
    free(n);
    return value;
}

void stack_free(struct stack *s)
{
    while (s->top != NULL)
        pop(s);
    free(s);
}

void test_push_pop(void)
{
    struct stack *s = stack_new();
    push(s, 4);
    push(s, 7);
    assert(pop(s) == 7);
    assert(s->size == 1);
    assert(pop(s) == 4);
    stack_free(s);
}

void test_sizes(void)
{
    struct stack *s = stack_new();
    for (int i = 0; i < 5; i++)
        push(s, i * i);
    assert(s->size == 5);
    pop(s);
    pop(s);
    assert(s->size == 3);
    assert(s->top->value == 4);
    stack_free(s);
}

void test_push_only(void)
{
    struct stack *s = stack_new();
    push(s, 9);
    assert(s->size == 1 && s->top->value == 9);
    stack_free(s);
}
