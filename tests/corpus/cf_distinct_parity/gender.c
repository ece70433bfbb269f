#include <stdio.h>

char s[105];
int seen[26];

int main()
{
    int i, d = 0;
    scanf("%s", s);
    for (i = 0; s[i] != '\0'; i++) {
        if (!seen[s[i] - 'a']) {
            seen[s[i] - 'a'] = 1;
            d++;
        }
    }
    if (d % 2)
        puts("CHAT WITH HER!");
    else
        puts("IGNORE HIM!");
    return 0;
}
