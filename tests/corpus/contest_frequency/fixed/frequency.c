/* Contest task: n values between 0 and 999; print how many distinct values
 * there are, the most frequent value (the smallest one on a tie) and its count. */
#include <stdio.h>

int cnt[1000];

int main(void)
{
    int n, i, v, distinct = 0, best = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &v);
        cnt[v]++;
    }
    for (v = 0; v < 1000; v++) {
        if (cnt[v] > 0)
            distinct++;
        if (cnt[v] > cnt[best])
            best = v;
    }
    printf("%d %d %d\n", distinct, best, cnt[best]);
    return 0;
}
