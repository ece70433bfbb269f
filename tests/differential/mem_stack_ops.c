/* A stack of longs on the heap that grows and shrinks with realloc: push, pop, dup, add. */
#include <stdio.h>
#include <stdlib.h>

long *stack;
int top = 0, cap = 0;

void push(long v) {
    if (top == cap) {
        cap = cap ? cap * 2 : 1;
        stack = realloc(stack, cap * sizeof(long));
    }
    stack[top++] = v;
}

long pop(void) {
    if (top == 0) {
        printf("underflow\n");
        exit(3);
    }
    long v = stack[--top];
    if (top > 0 && top * 4 <= cap) {
        cap /= 2;
        stack = realloc(stack, cap * sizeof(long));
    }
    return v;
}

int main(void) {
    char op;
    long v;
    stack = NULL;
    while (scanf(" %c", &op) == 1) {
        if (op == 'p') {
            if (scanf("%ld", &v) != 1) break;
            push(v);
        } else if (op == 'd') {
            v = pop();
            push(v);
            push(v);
        } else if (op == '+') {
            long b = pop(), a = pop();
            push(a + b);
        } else if (op == '*') {
            long b = pop(), a = pop();
            push(a * b);
        } else if (op == '.') {
            v = pop();
            printf("%ld (depth %d, cap %d)\n", v, top, cap);
        }
    }
    free(stack);
    return 0;
}
