#include <stdio.h>
#include <string.h>

#define MAXW 50

int count_upper(const char *w)
{
    int i, c = 0;
    for (i = 0; w[i] != '\0'; i++)
        if (w[i] >= 'A' && w[i] <= 'Z')
            c++;
    return c;
}

int main(void)
{
    char word[MAXW];
    char best[MAXW];
    int best_len = 0, words = 0, total = 0, caps = 0;
    int len;

    best[0] = '\0';
    while (scanf("%49s", word) == 1) {
        len = strlen(word);
        words++;
        total += len;
        caps += count_upper(word);
        if (len > best_len) {
            best_len = len;
            strcpy(best, word);
        }
    }
    if (words == 0) {
        printf("No words.\n");
        return 0;
    }
    printf("Words: %d\n", words);
    printf("Longest: %s (%d letters)\n", best, best_len);
    printf("Average length: %.2f\n", (double)total / words);
    printf("Capital letters: %d\n", caps);
    return 0;
}
