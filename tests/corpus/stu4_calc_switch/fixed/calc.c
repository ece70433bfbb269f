#include <stdio.h>

int main()
{
    int a, b;
    char op;
    printf("Enter expression (e.g. 3 + 4): ");
    scanf("%d %c %d", &a, &op, &b);
    switch (op) {
    case '+':
        printf("%d + %d = %d\n", a, b, a + b); break;
    case '-':
        printf("%d - %d = %d\n", a, b, a - b); break;
    case '*':
        printf("%d * %d = %d\n", a, b, a * b); break;
    case '/':
        if (b != 0)
            printf("%d / %d = %d\n", a, b, a / b);
        else
            printf("Division by zero\n");
        break;
    default:
        printf("Unknown operator %c\n", op);
    }
    return 0;
}
