#include <stdio.h>

int main()
{
    int a, b, result;
    char op;

    printf("Enter an expression (a op b): ");
    scanf("%d %c %d", &a, &op, &b);
    if (op == '+')
        result = a + b;
    else if (op == '-')
        result = b - a;
    else if (op == '*')
        result = a * b;
    else if (op == '/') {
        if (b == 0) {
            printf("Division by zero!\n");
            return 1;
        }
        result = a / b;
    } else if (op == '%') {
        result = a % b;
    } else {
        printf("Unknown operator %c\n", op);
        return 1;
    }
    printf("%d %c %d = %d\n", a, op, b, result);
    return 0;
}
