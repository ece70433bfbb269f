#include <stdio.h>
typedef /* a */ int /* b */ count_t /* c */ ;
count_t /* ret */ twice(x) /* kr */ count_t x; /* decl */ { return /* r */ 2 * x; }
int main(void) {
    count_t n;
    if (scanf("%d", &n) != 1) return 1;
    if (n) /* nonzero */ n = twice(n); else // zero
        n = -1;
    printf("%d\n", n);
    return 0;
}
