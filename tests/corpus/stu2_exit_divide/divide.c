#include <stdio.h>
#include <stdlib.h>

int main()
{
    int a, b;
    printf("Enter two integers: ");
    scanf("%d%d", &a, &b);
    if (a == 0) {
        printf("Cannot divide by zero!\n");
        exit(0);
    }
    printf("%d / %d = %d, remainder %d\n", a, b, a / b, a % b);
    return 0;
}
