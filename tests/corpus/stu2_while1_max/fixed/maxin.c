#include <stdio.h>

int main()
{
    int x, count = 0;
    int max = -1000000;
    printf("Enter numbers (-1 to stop):\n");
    while (1) {
        scanf("%d", &x);
        if (x == -1)
            break;
        if (x > max)
            max = x;
        count++;
    }
    if (count == 0)
        printf("No numbers entered\n");
    else
        printf("Maximum is %d\n", max);
    return 0;
}
