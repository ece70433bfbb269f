#include <stdio.h>
/* A comment right after `else` used to drop the else branch. */
int classify(int a) {
    int r;
    if (a == 0) r = 10; else // the other case
        r = 20;
    return r;
}
int main(void) {
    int a;
    while (scanf("%d", &a) == 1)
        printf("%d -> %d\n", a, classify(a));
    return 0;
}
