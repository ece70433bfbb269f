/* Words read into malloc'd strings held in a growing char ** table, printed in reverse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char buf[32];
    char **words = NULL;
    int n = 0, i;
    size_t longest = 0;
    while (scanf("%31s", buf) == 1) {
        words = realloc(words, (n + 1) * sizeof(char *));
        size_t len = strlen(buf);
        words[n] = malloc(len + 1);
        strcpy(words[n], buf);
        if (len > longest) longest = len;
        n++;
    }
    for (i = n - 1; i >= 0; i--) {
        printf("%s\n", words[i]);
        free(words[i]);
    }
    printf("%d words, longest %zu\n", n, longest);
    free(words);
    return 0;
}
