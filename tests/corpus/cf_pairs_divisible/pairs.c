#include <stdio.h>

int a[1005];

int main()
{
    int n, k, i, j, c = 0;
    scanf("%d %d", &n, &k);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if ((a[i] + a[i]) % k == 0)
                c++;
    printf("%d\n", c);
    return 0;
}
