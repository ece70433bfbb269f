#include <stdio.h>
#include <string.h>

char s[105], t[105];

int main()
{
    int i;
    scanf("%s %s", s, t);
    for (i = 0; i < strlen(s); i++) {
        if (s[i] >= 'A' && s[i] <= 'Z')
            s[i] += 32;
        if (t[i] >= 'A' && t[i] <= 'Z')
            t[i] += 32;
        if (s[i] < t[i]) {
            puts("-1");
            return 0;
        }
        if (s[i] > t[i]) {
            puts("1");
            return 0;
        }
    }
    puts("0");
    return 0;
}
