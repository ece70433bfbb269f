#include <stdio.h>

void minmax(int a, int b, int c, int *mn, int *mx)
{
    *mn = a;
    *mx = a;
    if (b < *mn) *mn = b;
    if (b > *mx) *mx = b;
    if (c < *mn) *mn = c;
    if (c > *mx) *mx = c;
}

int main()
{
    int x, y, z, lo, hi;
    printf("Enter three numbers: ");
    scanf("%d %d %d", &x, &y, &z);
    minmax(x, y, z, &lo, &hi);
    printf("min = %d\n", lo);
    printf("max = %d\n", hi);
    printf("range = %d\n", hi - lo);
    return 0;
}
