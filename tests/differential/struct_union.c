#include <stdio.h>
union value {
    int i;
    double d;
    char c;
};

struct tagged {
    int kind;
    union value v;
};

void show(struct tagged t) {
    if (t.kind == 0) printf("int %d\n", t.v.i);
    else if (t.kind == 1) printf("double %.2f\n", t.v.d);
    else printf("char %c\n", t.v.c);
}

int main(void) {
    struct tagged items[3];
    items[0].kind = 0; items[0].v.i = 42;
    items[1].kind = 1; items[1].v.d = 2.5;
    items[2].kind = 2; items[2].v.c = 'z';
    int k;
    for (k = 0; k < 3; k++)
        show(items[k]);
    printf("sizeof(union value)=%d sizeof(struct tagged)=%d\n",
           (int)sizeof(union value), (int)sizeof(struct tagged));
    return 0;
}
