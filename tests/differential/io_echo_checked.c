/* Echo input upper-cased, checking every putchar result against EOF; counts words. */
#include <stdio.h>

int main(void) {
    int c, words = 0, in_word = 0, written = 0;
    while ((c = getchar()) != EOF) {
        int u = (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
        if (putchar(u) == EOF) return 1;
        written += putchar(u) == u;
        if (c == ' ' || c == '\n' || c == '\t') {
            in_word = 0;
        } else if (!in_word) {
            in_word = 1;
            words++;
        }
    }
    printf("\n%d words, %d bytes doubled\n", words, written);
    return 0;
}
