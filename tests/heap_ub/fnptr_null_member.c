/* A handler table whose unset slot stays NULL; the event for it calls it. UBSan/ASan: SEGV. */
#include <stdio.h>

struct handler { int code; void (*on)(int); };

void beep(int n) { printf("beep %d\n", n); }
void flash(int n) { printf("flash %d\n", n); }

int main(void) {
    struct handler hs[3] = { {1, beep}, {2, flash}, {3} };
    int ev;
    while (scanf("%d", &ev) == 1) {
        for (int i = 0; i < 3; i++)
            if (hs[i].code == ev) hs[i].on(ev); /* UB: */
    }
    return 0;
}
