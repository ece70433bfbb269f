/* Word counting with strtok: lines read with fgets, split on spaces, tabs and punctuation. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[128];
    char longest[64] = "";
    int words = 0, lines = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        char *tok;
        int in_line = 0;
        lines++;
        for (tok = strtok(line, " \t\n,.;!?"); tok != NULL; tok = strtok(NULL, " \t\n,.;!?")) {
            words++;
            in_line++;
            if (strlen(tok) > strlen(longest))
                strcpy(longest, tok);
            printf("[%s]", tok);
        }
        printf(" %d\n", in_line);
    }
    printf("%d words in %d lines, longest \"%s\"\n", words, lines, longest);
    return 0;
}
