#include <stdio.h>

/* Reads "op a b" lines: op is a single char read with %c. */
int main(void)
{
    char op;
    int a, b, lineno = 0, errors = 0;
    while (scanf(" %c %d %d", &op, &a, &b) == 3) {
        lineno++;
        switch (op) {
        case '+': printf("%d: %d\n", lineno, a + b); break;
        case '-': printf("%d: %d\n", lineno, a - b); break;
        case '*': printf("%d: %d\n", lineno, a * b); break;
        case '/':
        case '%':
            if (b == 0) {
                printf("%d: division by zero\n", lineno);
                errors++;
            } else
                printf("%d: %d\n", lineno, op == '/' ? a / b : a % b);
            break;
        case 'm':
            printf("%d: %d\n", lineno, a < b ? a : b);
            break;
        default:
            printf("%d: unknown op '%c' (%d)\n", lineno, op, op);
            errors++;
        }
    }
    printf("%d lines, %d errors\n", lineno, errors);
    return errors > 0;
}
