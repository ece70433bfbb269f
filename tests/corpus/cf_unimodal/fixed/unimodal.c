#include <stdio.h>

#define MAX 105

int a[MAX];

int main()
{
    int n, i;
    scanf("%d", &n);
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    i = 0;
    while (i + 1 < n && a[i] < a[i + 1])
        i++;
    while (i + 1 < n && a[i] == a[i + 1])
        i++;
    while (i + 1 < n && a[i] > a[i + 1])
        i++;
    if (i == n - 1)
        puts("YES");
    else
        puts("NO");
    return 0;
}
