#include <stdio.h>
struct a { char c; int i; };
struct b { char c; double d; char e; };
struct c { short s; char t[3]; };
struct d { long l; char c; };
struct e { struct a x; char y; };
union u { char c[5]; int i; };
struct f { char c; union u v; };

int main(void) {
    printf("%d %d %d %d %d %d %d\n", (int)sizeof(struct a), (int)sizeof(struct b),
           (int)sizeof(struct c), (int)sizeof(struct d), (int)sizeof(struct e),
           (int)sizeof(union u), (int)sizeof(struct f));
    struct b arr[3];
    printf("%d\n", (int)(sizeof arr / sizeof arr[0]));
    return 0;
}
