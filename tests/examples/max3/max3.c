/* Intro exercise: read three integers and print the largest one. */
#include <stdio.h>

int main(void)
{
    int a, b, c, max;
    if (scanf("%d %d %d", &a, &b, &c) != 3) {
        printf("expected three integers\n");
        return 1;
    }
    if (a > b && a > c)
        max = a;
    else if (b > a)
        max = b;
    else
        max = c;
    printf("max = %d\n", max);
    return 0;
}
