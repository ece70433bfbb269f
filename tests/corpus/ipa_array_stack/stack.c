#include <stdio.h>
#include <string.h>

#define MAX 16

int stack[MAX];
int top = -1;

int push(int x)
{
    if (top == MAX - 1)
        return 0;
    stack[++top] = x;
    return 1;
}

int pop(int *x)
{
    if (top < 0)
        return 0;
    *x = stack[top--];
    return 1;
}

int peek(void)
{
    return stack[top - 1];
}

int main(void)
{
    char cmd[10];
    int x;

    while (scanf("%9s", cmd) == 1) {
        if (strcmp(cmd, "push") == 0) {
            scanf("%d", &x);
            if (!push(x))
                printf("overflow\n");
        } else if (strcmp(cmd, "pop") == 0) {
            if (pop(&x))
                printf("%d\n", x);
            else
                printf("empty\n");
        } else if (strcmp(cmd, "top") == 0) {
            if (top < 0)
                printf("empty\n");
            else
                printf("top: %d\n", peek());
        } else if (strcmp(cmd, "size") == 0) {
            printf("size: %d\n", top + 1);
        } else {
            printf("unknown command %s\n", cmd);
        }
    }
    return 0;
}
