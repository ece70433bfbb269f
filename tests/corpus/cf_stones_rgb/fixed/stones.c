#include <stdio.h>

int n;
char s[55];

int main()
{
    int i, ans = 0;
    scanf("%d", &n);
    scanf("%s", s);
    for (i = 1; i < n; i++)
        if (s[i] == s[i - 1])
            ans++;
    printf("%d\n", ans);
    return 0;
}
