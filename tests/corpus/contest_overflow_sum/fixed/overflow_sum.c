/* Contest task: n numbers up to 10^6; print the sum of a[i] * (i + 1) over all
 * i (the answer needs 64 bits). */
#include <stdio.h>

int main(void)
{
    int n, i, x;
    long long total = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++) {
        scanf("%d", &x);
        total += (long long)x * (i + 1);
    }
    printf("%lld\n", total);
    return 0;
}
