#include <stdio.h>
#include <ctype.h>
/* Capitalize the first letter of every word; count words and hex digits. */
int main(void) {
    int c, in_word = 0, words = 0, hex = 0;
    while ((c = getchar()) != EOF) {
        if (isalnum(c) || c == '_') {
            if (!in_word) { words++; putchar(toupper(c)); }
            else putchar(tolower(c));
            in_word = 1;
        } else {
            in_word = 0;
            putchar(c);
        }
        if (isxdigit(c)) hex++;
    }
    printf("\nwords=%d hex=%d\n", words, hex);
    return words > 3;
}
