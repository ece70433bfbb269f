#include <stdio.h>
#include <string.h>

int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

char upper(char c)
{
    if (c >= 'a' && c < 'z')
        return c - 32;
    return c;
}

int title_case(char *s)
{
    int i, words = 0, in_word;

    in_word = 1;
    for (i = 0; s[i] != '\0'; i++) {
        if (is_letter(s[i])) {
            if (!in_word) {
                s[i] = upper(s[i]);
                words++;
            }
            in_word = 1;
        } else {
            in_word = 0;
        }
    }
    return words;
}

int main(void)
{
    char line[256];
    int n, total = 0, lines = 0;

    while (fgets(line, sizeof(line), stdin) != NULL) {
        n = strlen(line);
        if (n > 0 && line[n - 1] == '\n')
            line[--n] = '\0';
        total += title_case(line);
        lines++;
        printf("%s\n", line);
    }
    printf("%d words in %d lines\n", total, lines);
    return 0;
}
