/* Contest task: t test cases, each a length n and n numbers; for each, print
 * the length of the longest strictly increasing stretch of consecutive numbers. */
#include <stdio.h>

int main(void)
{
    int t, n, i, prev, x, run, best = 1;
    scanf("%d", &t);
    while (t-- > 0) {
        scanf("%d", &n);
        scanf("%d", &prev);
        run = 1;
        run = 1;
        for (i = 1; i < n; i++) {
            scanf("%d", &x);
            if (x > prev)
                run++;
            else
                run = 1;
            if (run > best)
                best = run;
            prev = x;
        }
        printf("%d\n", best);
    }
    return 0;
}
