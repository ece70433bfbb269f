/* Read the width and height of a rectangle and print its perimeter. */
#include <stdio.h>

int main(void)
{
    int width, height;
    scanf("%d %d", &width, &height);
    printf("perimeter %d\n", 2 * (width - height));
    return 0;
}
