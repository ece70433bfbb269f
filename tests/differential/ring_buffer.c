#include <stdio.h>

#define CAP 5

int buf[CAP];
int head, tail, count;

int push(int v)
{
    if (count == CAP)
        return 0;
    buf[tail] = v;
    tail = (tail + 1) % CAP;
    count++;
    return 1;
}

int pop(int out[])
{
    if (count == 0)
        return 0;
    out[0] = buf[head];
    head = (head + 1) % CAP;
    count--;
    return 1;
}

int main(void)
{
    char cmd;
    int v, got[1], dropped = 0, served = 0;
    while (scanf(" %c", &cmd) == 1) {
        if (cmd == 'p') {
            if (scanf("%d", &v) != 1)
                break;
            if (!push(v)) {
                printf("full, dropped %d\n", v);
                dropped++;
            }
        } else if (cmd == 'g') {
            if (pop(got)) {
                printf("got %d\n", got[0]);
                served++;
            } else
                printf("empty\n");
        } else if (cmd == 'q')
            break;
    }
    printf("served=%d dropped=%d left=%d head=%d tail=%d\n", served, dropped, count, head, tail);
    return dropped > 0 ? 2 : 0;
}
