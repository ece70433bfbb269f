#include <stdio.h>
#include <string.h>

char s[200005];
int cnt[26];

int main()
{
    int t, n, i, best;
    scanf("%d", &t);
    while (t--) {
        scanf("%d %s", &n, s);
        memset(cnt, 0, sizeof(cnt));
        best = 0;
        for (i = 0; i < n; i++) {
            cnt[s[i] - 'a']++;
            if (cnt[s[i] - 'a'] > best)
                best = cnt[s[i] - 'a'];
        }
        printf("%d\n", n - best);
    }
    return 0;
}
