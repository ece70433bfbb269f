#include <stdio.h>
int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    int c = ( /* p */ a /* q */ + /* r */ b /* s */ ) * /* t */ 2;
    int d = a /* cmp */ < b ? /* then */ a : /* else */ b;
    int e = - /* neg */ a;
    c /* op */ += /* rhs */ 1;
    a /* post */ ++;
    -- /* pre */ b;
    int f = (int) /* cast */ c;
    printf("%d %d %d %d %d %d\n", c, d, e, a, b, f);
    return 0;
}
