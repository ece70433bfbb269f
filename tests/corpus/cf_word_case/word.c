#include <stdio.h>
#include <string.h>

char s[105];

int main()
{
    int i, u = 0, l = 0;
    scanf("%s", s);
    for (i = 0; i < strlen(s); i++) {
        if (s[i] >= 'A' && s[i] <= 'Z')
            u++;
        else
            l++;
    }
    for (i = 0; i < strlen(s); i++) {
        if (u >= l) {
            if (s[i] >= 'a' && s[i] <= 'z')
                s[i] = s[i] - 'a' + 'A';
        } else {
            if (s[i] >= 'A' && s[i] <= 'Z')
                s[i] = s[i] - 'A' + 'a';
        }
    }
    printf("%s\n", s);
    return 0;
}
