/* Strings in malloc'd char buffers: copy, concatenate, reverse in place, compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char word[64];
    char *all = malloc(1);
    size_t len = 0;
    all[0] = '\0';
    while (scanf("%63s", word) == 1) {
        size_t w = strlen(word);
        all = realloc(all, len + w + 2);
        if (len > 0) all[len++] = '-';
        for (size_t i = 0; i <= w; i++) all[len + i] = word[i];
        len += w;
    }
    printf("joined: %s (%zu)\n", all, strlen(all));
    char *rev = malloc(len + 1);
    for (size_t i = 0; i < len; i++) rev[i] = all[len - 1 - i];
    rev[len] = '\0';
    printf("reversed: %s\n", rev);
    if (strcmp(all, rev) == 0)
        printf("palindrome: yes\n");
    else
        printf("palindrome: no\n");
    free(all);
    free(rev);
    return 0;
}
