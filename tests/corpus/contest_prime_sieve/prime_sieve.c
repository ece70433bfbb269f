/* Contest task: q queries "l r" with 1 <= l <= r <= 10000; answer each with how
 * many primes lie in [l, r]. A sieve and prefix counts make each query O(1). */
#include <stdio.h>

#define MAXV 10001

int composite[MAXV];
int cnt[MAXV];

int main(void)
{
    int q, i, j;
    composite[0] = composite[1] = 1;
    for (i = 2; i * i < MAXV; i++)
        if (!composite[i])
            for (j = i * i; j < MAXV; j += i)
                composite[j] = 1;
    cnt[0] = 0;
    for (i = 1; i < MAXV; i++)
        cnt[i] = cnt[i - 1] + !composite[i];
    scanf("%d", &q);
    while (q-- > 0) {
        int l, r;
        scanf("%d %d", &l, &r);
        printf("%d\n", cnt[r] - cnt[l]);
    }
    return 0;
}
