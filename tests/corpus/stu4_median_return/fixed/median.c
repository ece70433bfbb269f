#include <stdio.h>

int median(int a, int b, int c)
{
    if (a <= b && b <= c) return b;
    else if (c <= b && b <= a) return b;
    else if (b <= a && a <= c) return a;
    else if (c <= a && a <= b) return a;
    else if (a <= c && c <= b) return c;
    else if (b <= c && c <= a) return c;
    return 0;
}

int main()
{
    int x, y, z;
    printf("Please enter 3 numbers separated by spaces > ");
    scanf("%d %d %d", &x, &y, &z);
    printf("%d is the median\n", median(x, y, z));
    return 0;
}
