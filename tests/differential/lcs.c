#include <stdio.h>

/* Longest common subsequence of two argv strings (dynamic programming). */
int dp[33][33];

int main(int argc, char *argv[])
{
    int n = 0, m = 0, i, j;
    if (argc != 3) {
        printf("need two strings\n");
        return 2;
    }
    while (n < 32 && argv[1][n]) n++;
    while (m < 32 && argv[2][m]) m++;
    for (i = 1; i <= n; i++)
        for (j = 1; j <= m; j++) {
            if (argv[1][i - 1] == argv[2][j - 1])
                dp[i][j] = dp[i - 1][j - 1] + 1;
            else
                dp[i][j] = dp[i - 1][j] > dp[i][j - 1] ? dp[i - 1][j] : dp[i][j - 1];
        }
    printf("lcs(%s, %s) = %d\n", argv[1], argv[2], dp[n][m]);
    {
        char out[33];
        int k = dp[n][m];
        out[k] = '\0';
        i = n;
        j = m;
        while (i > 0 && j > 0) {
            if (argv[1][i - 1] == argv[2][j - 1]) {
                out[--k] = argv[1][i - 1];
                i--;
                j--;
            } else if (dp[i - 1][j] >= dp[i][j - 1])
                i--;
            else
                j--;
        }
        for (k = 0; out[k]; k++)
            putchar(out[k]);
        putchar('\n');
    }
    return 0;
}
