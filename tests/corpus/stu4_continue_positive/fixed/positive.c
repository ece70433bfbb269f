#include <stdio.h>

int main()
{
    int n, i, x, sum = 0, cnt = 0;
    printf("How many numbers? ");
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &x);
        if (x < 0)
            continue;
        sum += x;
        cnt++;
    }
    if (cnt > 0)
        printf("Average of non-negative numbers: %.2f\n", (float) sum / cnt);
    else
        printf("No non-negative numbers\n");
    return 0;
}
