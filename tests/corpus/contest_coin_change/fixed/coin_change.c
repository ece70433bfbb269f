/* Contest task: m coin values and an amount s <= 10000; print the fewest coins
 * that add up to s (any coin any number of times), or -1 when none do. */
#include <stdio.h>

#define INF 1000000000

int coin[20];
int best[10001];

int main(void)
{
    int m, s, i, c;
    scanf("%d %d", &m, &s);
    for (c = 0; c < m; c++)
        scanf("%d", &coin[c]);
    best[0] = 0;
    for (i = 1; i <= s; i++) {
        best[i] = INF;
        for (c = 0; c < m; c++)
            if (coin[c] <= i && best[i - coin[c]] + 1 < best[i])
                best[i] = best[i - coin[c]] + 1;
    }
    printf("%d\n", best[s] == INF ? -1 : best[s]);
    return 0;
}
