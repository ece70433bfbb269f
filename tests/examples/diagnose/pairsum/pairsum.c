/* Print the first pair of positions (i < j) whose numbers add up to the target, or -1 -1. */
#include <stdio.h>

int main(void)
{
    int n, target, a[10], i, j, fi, fj;
    scanf("%d %d", &n, &target);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    fi = -1;
    fj = -1;
    for (i = 0; i < n && fi < 0; i++)
        for (j = i + 1; j < n - 1 && fi < 0; j++)
            if (a[i] + a[j] == target) {
                fi = i;
                fj = j;
            }
    printf("%d %d\n", fi, fj);
    return 0;
}
