#include <stdio.h>
#include <string.h>
#include <ctype.h>
int main(void) {
    char a[50], b[50];
    while (scanf("%49s %49s", a, b) == 2) {
        int count[26];
        int i, ok = 1;
        for (i = 0; i < 26; i++)
            count[i] = 0;
        for (i = 0; a[i]; i++)
            if (isalpha(a[i])) count[tolower(a[i]) - 'a']++;
        for (i = 0; b[i]; i++)
            if (isalpha(b[i])) count[tolower(b[i]) - 'a']--;
        for (i = 0; i < 26; i++)
            if (count[i] != 0) ok = 0;
        if (ok)
            printf("%s %s anagrams\n", a, b);
        else
            printf("%s %s different\n", a, b);
    }
    return 0;
}
