#include <stdio.h>
#define CAP 16
struct stack { int items[CAP]; int top; };

int push(struct stack s[], int v) {
    if (s[0].top >= CAP) return 0;
    s[0].items[s[0].top++] = v;
    return 1;
}

int main(void) {
    struct stack st[1];
    int c, v, ok = 1;
    st[0].top = 0;
    while ((c = getchar()) != EOF && ok) {
        if (c >= '0' && c <= '9') {
            ok = push(st, c - '0');
        } else if (c == '+' || c == '*' || c == '-') {
            if (st[0].top < 2) { ok = 0; break; }
            int b = st[0].items[--st[0].top];
            int a = st[0].items[--st[0].top];
            v = c == '+' ? a + b : c == '*' ? a * b : a - b;
            push(st, v);
        }
    }
    if (ok && st[0].top == 1) printf("= %d\n", st[0].items[0]);
    else printf("error\n");
    return 0;
}
