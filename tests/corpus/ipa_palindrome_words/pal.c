#include <stdio.h>
#include <string.h>
#include <ctype.h>

void to_lower(char *s)
{
    int i;
    for (i = 0; s[i]; i++)
        s[i] = tolower((unsigned char)s[i]);
}

int is_palindrome(const char *s)
{
    int len = strlen(s);
    int i;
    for (i = 0; i < len / 2; i++) {
        if (s[i] != s[len - i])
            return 0;
    }
    return 1;
}

int main()
{
    char w[64];
    int n, k, count = 0;

    scanf("%d", &n);
    for (k = 0; k < n; k++) {
        if (scanf("%63s", w) != 1)
            break;
        to_lower(w);
        if (is_palindrome(w)) {
            printf("%s is a palindrome\n", w);
            count++;
        }
    }
    printf("%d palindrome(s)\n", count);
    return 0;
}
