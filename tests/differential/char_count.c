#include <stdio.h>

/* getchar-driven counting: lines, words, digits, letters, others. */
int main(void)
{
    int c, lines = 0, words = 0, digits = 0, upper = 0, lower = 0, other = 0;
    int in_word = 0, longest = 0, cur = 0;
    int freq[10] = {0};
    while ((c = getchar()) != EOF) {
        if (c == '\n')
            lines++;
        if (c == ' ' || c == '\n' || c == '\t') {
            in_word = 0;
            cur = 0;
        } else {
            if (!in_word)
                words++;
            in_word = 1;
            if (++cur > longest)
                longest = cur;
        }
        if (c >= '0' && c <= '9') {
            digits++;
            freq[c - '0']++;
        } else if (c >= 'A' && c <= 'Z')
            upper++;
        else if (c >= 'a' && c <= 'z')
            lower++;
        else if (c != ' ' && c != '\n')
            other++;
    }
    printf("lines=%d words=%d longest=%d\n", lines, words, longest);
    printf("digits=%d upper=%d lower=%d other=%d\n", digits, upper, lower, other);
    for (c = 0; c < 10; c++)
        if (freq[c])
            printf("'%c' x%d\n", '0' + c, freq[c]);
    return 0;
}
