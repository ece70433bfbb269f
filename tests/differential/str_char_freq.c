#include <stdio.h>
#include <string.h>
int main(void) {
    char s[80];
    int freq[26], i;
    if (fgets(s, sizeof s, stdin) == NULL)
        return 1;
    for (i = 0; i < 26; i++) freq[i] = 0;
    for (i = 0; i < (int)strlen(s); i++)
        if (s[i] >= 'a' && s[i] <= 'z')
            freq[s[i] - 'a']++;
    for (i = 0; i < 26; i++)
        if (freq[i] > 0)
            printf("%c:%d ", 'a' + i, freq[i]);
    putchar('\n');
    return 0;
}
