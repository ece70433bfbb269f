/* Exercise: say whether each word is a palindrome. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char s[40];
    while (scanf("%39s", s) == 1) {
        int i = 0;
        int j = strlen(s) - 1;
        int ok = 1;
        while (i < j) {
            if (s[i] != s[j])
                ok = 0;
            i++;
            j--;
        }
        if (ok)
            printf("%s yes\n", s);
        else
            printf("%s no\n", s);
    }
    return 0;
}
