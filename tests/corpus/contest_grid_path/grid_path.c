/* Contest task: an r x c grid of numbers (r, c <= 100); walking from the top
 * left to the bottom right, one step right or down at a time, print the largest
 * sum of the numbers on the way. */
#include <stdio.h>

int g[100][100];
long long dp[100][100];

int main(void)
{
    int r, c, i, j;
    scanf("%d %d", &r, &c);
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++)
            scanf("%d", &g[i][j]);
    for (i = 0; i < r; i++) {
        for (j = 0; j < c; j++) {
            long long from = 0;
            if (i > 0 && j > 0)
                from = dp[i - 1][j] < dp[i][j - 1] ? dp[i - 1][j] : dp[i][j - 1];
            else if (i > 0)
                from = dp[i - 1][j];
            else if (j > 0)
                from = dp[i][j - 1];
            dp[i][j] = from + g[i][j];
        }
    }
    printf("%lld\n", dp[r - 1][c - 1]);
    return 0;
}
