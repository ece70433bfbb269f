#include <stdio.h>
#include <stdlib.h>

enum color { RED, GREEN = 5, BLUE, ALPHA = -2, LAST };
typedef enum { IDLE, RUNNING, STOPPED, NSTATES } state_t;

int transition(state_t s, int event)
{
    switch (s) {
    case IDLE:    return event == 1 ? RUNNING : IDLE;
    case RUNNING: return event == 2 ? STOPPED : (event == 0 ? IDLE : RUNNING);
    case STOPPED: return event == 0 ? IDLE : STOPPED;
    default:      return -1;
    }
}

int main(int argc, char *argv[])
{
    enum color c = BLUE;
    state_t s = IDLE;
    int visits[NSTATES] = {0};
    int i;
    printf("RED=%d GREEN=%d BLUE=%d ALPHA=%d LAST=%d\n", RED, GREEN, BLUE, ALPHA, LAST);
    printf("c+1=%d c*LAST=%d\n", c + 1, c * LAST);
    printf("ALPHA < RED: %d\n", ALPHA < RED);
    visits[s]++;
    for (i = 1; i < argc; i++) {
        int next = transition(s, atoi(argv[i]));
        printf("%d --%s--> %d\n", s, argv[i], next);
        s = (state_t)next;
        visits[s]++;
    }
    for (i = IDLE; i < NSTATES; i++)
        printf("state %d visited %d\n", i, visits[i]);
    return s;
}
