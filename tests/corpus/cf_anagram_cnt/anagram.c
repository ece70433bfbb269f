#include <stdio.h>
#include <string.h>

char s[1005], t[1005];
int cnt[26];

int main()
{
    int i;
    scanf("%s %s", s, t);
    if (strlen(s) != strlen(t)) {
        puts("NO");
        return 0;
    }
    for (i = 0; s[i]; i++)
        cnt[s[i] - 'a']++;
    for (i = 0; t[i]; i++)
        cnt[s[i] - 'a']--;
    for (i = 0; i < 26; i++)
        if (cnt[i] != 0) {
            puts("NO");
            return 0;
        }
    puts("YES");
    return 0;
}
