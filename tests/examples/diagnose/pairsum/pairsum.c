/* Print the first pair of positions (i < j) whose numbers add up to the target, or -1 -1. */
#include <stdio.h>

int main(void)
{
    int n, target, a[4], i, j, fi, fj;
    scanf("%d %d", &n, &target);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    fi = -1;
    fj = -1;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n - 1; j++)
            if (fi < 0 && a[i] + a[j] == target) {
                fi = i;
                fj = j;
            }
    printf("%d %d\n", fi, fj);
    return 0;
}
