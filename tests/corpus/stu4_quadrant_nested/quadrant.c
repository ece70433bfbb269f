#include <stdio.h>

int main()
{
    int x, y;
    printf("Enter the coordinates x y: ");
    scanf("%d %d", &x, &y);
    if (x > 0) {
        if (y > 0)
            printf("Quadrant I\n");
        else if (y < 0)
            printf("Quadrant IV\n");
        else
            printf("On the x axis\n");
    } else if (x < 0) {
        if (y >= 0)  /* left half */
            printf("Quadrant II\n");
        else if (y < 0)
            printf("Quadrant III\n");
        else
            printf("On the x axis\n");
    } else {
        if (y == 0)
            printf("Origin\n");
        else
            printf("On the y axis\n");
    }
    return 0;
}
