#include <stdio.h>
int sign(int x) {
    if (x > 0)
        if (x > 100) /* big */ return 2;
        else /* small positive */ return 1;
    else // not positive
        if (x == 0) return 0; else /* negative */ return -1;
}
int main(void) {
    int x;
    while (scanf("%d", &x) == 1) printf("%d\n", sign(x));
    return 0;
}
