#include <stdio.h>

int main()
{
    int x, count = 0;
    long sum = 0;
    printf("Enter numbers (Ctrl-D to end):\n");
    while (scanf("%d", &x) != EOF) {
        if (x > 0) {
            count++;
            sum += x;
        }
    }
    printf("%d non-negative numbers, sum %ld\n", count, sum);
    return 0;
}
