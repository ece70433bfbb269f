#include <stdio.h>
#include <string.h>

/* Palindromes with strrchr: the word is compared with itself from both ends
   through two pointers; strrchr finds the extension after the last dot. */
static int palindrome(const char *s) {
    const char *end = s + strlen(s);
    while (s < end) {
        end--;
        if (*s != *end)
            return 0;
        s++;
    }
    return 1;
}

int main(void) {
    char word[64];
    while (scanf("%63s", word) == 1) {
        char *dot = strrchr(word, '.');
        if (dot != NULL) {
            printf("%s: extension \"%s\" at %d\n", word, dot + 1, (int)(dot - word));
            *dot = '\0';
        }
        if (palindrome(word))
            printf("%s: palindrome\n", word);
        else
            printf("%s: no\n", word);
    }
    return 0;
}
