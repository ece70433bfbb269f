#include <stdio.h>
/* Read an operator with " %c" and operands. */
int main(void) {
    int a, b;
    char op;
    while (scanf("%d %c %d", &a, &op, &b) == 3) {
        switch (op) {
        case '+': printf("%d\n", a + b); break;
        case '-': printf("%d\n", a - b); break;
        case '*': printf("%d\n", a * b); break;
        default: printf("bad op %c\n", op);
        }
    }
    return 0;
}
