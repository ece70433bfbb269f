#include <stdio.h>

int main()
{
    int a, b, c, d, min;
    printf("Please enter 4 numbers separated by spaces > ");
    scanf("%d %d %d %d", &a, &b, &c, &d);
    min = a;
    if (b < min) min = b;
    if (c < min) min = c;
    if (d < min) min = c;
    printf("%d is the smallest\n", min);
    return 0;
}
