/* Contest task: read n numbers and a target k; count the pairs i < j with
 * a[i] + a[j] == k (the brute force over all pairs fits the limits). */
#include <stdio.h>

int a[3000];

int main(void)
{
    int n, k, i, j;
    long long pairs = 0;
    scanf("%d %d", &n, &k);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            if (a[i] + a[j] == k)
                pairs++;
        }
    }
    printf("%lld\n", pairs);
    return 0;
}
