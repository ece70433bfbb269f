#include <stdio.h>

int main()
{
    int x, sum = 0;
    int count = 0;
    while (scanf("%d", &x) == 1) {
        sum += x;
        count++;
    }
    if (sum == 0)
        printf("No numbers\n");
    else
        printf("Average: %.2f\n", (double)sum / count);
    return 0;
}
