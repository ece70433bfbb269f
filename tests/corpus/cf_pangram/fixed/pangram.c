#include <stdio.h>

int cnt[26];
char s[105];

int main()
{
    int n, i;
    scanf("%d", &n);
    scanf("%s", s);
    for (i = 0; i < n; i++) {
        if (s[i] >= 'A' && s[i] <= 'Z')
            cnt[s[i] - 'A']++;
        else
            cnt[s[i] - 'a']++;
    }
    for (i = 0; i < 26; i++) {
        if (cnt[i] == 0) {
            puts("NO");
            return 0;
        }
    }
    puts("YES");
    return 0;
}
