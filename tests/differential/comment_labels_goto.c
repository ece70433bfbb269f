#include <stdio.h>
int main(void) {
    int n, i = 0, s = 0;
    if (scanf("%d", &n) != 1) return 1;
    while (1) {
        if (i >= n) /* done */ break /* out */ ;
        i++;
        if (i % 3 == 0) /* skip */ continue /* next */ ;
        s += i;
    }
    printf("%d\n", s);
    return /* ret */ 0 /* zero */ ;
}
