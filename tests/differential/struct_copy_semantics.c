#include <stdio.h>
struct pair { int a; int b; };

void bump(struct pair p) { p.a += 100; printf("inside: %d %d\n", p.a, p.b); }

int main(void) {
    struct pair x = {1, 2}, y;
    y = x;
    y.a = 10;
    printf("x = %d %d, y = %d %d\n", x.a, x.b, y.a, y.b);
    bump(x);
    printf("after: %d %d\n", x.a, x.b);
    struct pair z = y;
    x = y = z;
    printf("%d %d %d\n", x.a, y.a, z.a);
    return 0;
}
