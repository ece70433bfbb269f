/* Exercise: count lines, words and characters of the input (like wc). */
#include <stdio.h>

int main(void)
{
    int c, lines = 0, words = 0, chars = 0;
    int in_word = 0;
    while ((c = getchar()) != EOF) {
        chars++;
        if (c == '\n')
            lines++;
        if (c == ' ' || c == '\t')
            in_word = 0;
        else if (!in_word) {
            in_word = 1;
            words++;
        }
    }
    printf("%d %d %d\n", lines, words, chars);
    return 0;
}
