#include <stdio.h>
int grade(int s) {
    if (s >= 90) return 4;
    else /* next */ if (s >= 80) return 3;
    else // next
    if (s >= 70) return 2;
    else
    /* last */
    if /* cond */ (s >= 60) /* then */ return 1;
    else /* fail */ return 0;
}
int main(void) {
    int s;
    while (scanf("%d", &s) == 1) printf("%d:%d\n", s, grade(s));
    return 0;
}
