#include <stdio.h>

#define MAX 100005
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min(a, b) ((a) < (b) ? (a) : (b))

int p[MAX];

int main()
{
    int n, i, lo, best = 0;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &p[i]);
    lo = p[0];
    for (i = 1; i < n; i++) {
        best = max(best, p[i] - lo);
        lo = min(lo, p[i]);
    }
    printf("%d\n", best);
    return 0;
}
