#include <stdio.h>

int main()
{
    char s[256];
    int count[26] = {0};
    int i;
    scanf("%255s", s);
    for (i = 0; s[i] != '\0'; i++)
        if (s[i] >= 'a' && s[i] <= 'z')
            count[s[i] - 'a']++;
    for (i = 0; i < 25; i++)
        if (count[i] > 0)
            printf("%c: %d\n", 'a' + i, count[i]);
    return 0;
}
