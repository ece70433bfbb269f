/* Exercise: read integers until 0 and print their sum and how many there were. */
#include <stdio.h>

int main(void)
{
    int x, sum = 0, count = 0;
    scanf("%d", &x);
    while (x > 0) {
        sum += x;
        count++;
        scanf("%d", &x);
    }
    printf("sum = %d\n", sum);
    printf("count = %d\n", count);
    return 0;
}
