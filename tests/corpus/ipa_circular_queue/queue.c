#include <stdio.h>

#define SIZE 4

int q[SIZE];
int front = 0, rear = 0, count = 0;

int enqueue(int x)
{
    if (count == SIZE)
        return 0;
    q[rear] = x;
    rear = (rear + 1) % (SIZE - 1);
    count++;
    return 1;
}

int dequeue(int *x)
{
    if (count == 0)
        return 0;
    *x = q[front];
    front = (front + 1) % SIZE;
    count--;
    return 1;
}

int main(void)
{
    char op;
    int x;

    while (scanf(" %c", &op) == 1) {
        if (op == 'e') {
            scanf("%d", &x);
            if (!enqueue(x))
                printf("full\n");
        } else if (op == 'd') {
            if (dequeue(&x))
                printf("%d\n", x);
            else
                printf("empty\n");
        } else if (op == 'n') {
            printf("%d queued\n", count);
        }
    }
    return 0;
}
