#include <stdio.h>

int main(void) {
    int c, vowels = 0, consonants = 0, lines = 0, words = 0, in_word = 0;
    while ((c = getchar()) != EOF) {
        switch (c) {
        case 'a': case 'e': case 'i': case 'o': case 'u':
        case 'A': case 'E': case 'I': case 'O': case 'U':
            vowels++;
            break;
        case '\n':
            lines++;
            /* fall through */
        case ' ':
        case '\t':
            in_word = 0;
            continue;
        default:
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
                consonants++;
        }
        if (!in_word) {
            in_word = 1;
            words++;
        }
    }
    printf("vowels=%d consonants=%d words=%d lines=%d\n", vowels, consonants, words, lines);
    return 0;
}
