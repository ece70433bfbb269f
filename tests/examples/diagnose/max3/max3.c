/* Read three integers and print the largest one. */
#include <stdio.h>

int main(void)
{
    int a, b, c;
    scanf("%d %d %d", &a, &b, &c);
    if (a >= b && b >= c)
        printf("%d\n", a);
    else if (b >= a || b >= c)
        printf("%d\n", b);
    else if (c >= b && b >= a)
        printf("%d\n", c);
    return 0;
}
