#include <stdio.h>

int main()
{
    int x, y;
    printf("Enter an integer > ");
    scanf("%d", &x);
    printf("Enter another integer > ");
    scanf("%d", &y);
    if (x > y)
        printf("%d is larger than %d by %d\n", x, y, x - y);
    else if (y > x)
        printf("%d is larger than %d by %d\n", y, x, x - y);
    else
        printf("Both numbers are %d\n", x);
    return 0;
}
