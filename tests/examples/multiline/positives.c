/* How many of the n numbers read are positive. */
#include <stdio.h>

int main(void)
{
    int n, x, count = 0, total = 0;
    if (scanf("%d", &n) != 1)
        return 1;
    for (int i = 0; i < n; i++) {
        scanf("%d", &x);
        if (x > 0) {
            count++;
            total += x;
        }
    }
    printf("positives: %d\n",
           total);
    return 0;
}
