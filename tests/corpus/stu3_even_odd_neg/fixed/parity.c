#include <stdio.h>

int main()
{
    int n;

    printf("Enter an integer: ");
    scanf("%d", &n);
    if (n == 0)
        puts("Zero");
    else if (n > 0)
        printf("Positive ");
    else
        printf("Negative ");
    if (n != 0) {
        if (n % 2 != 0)
            puts("odd");
        else
            puts("even");
    }
    return 0;
}
