#include <stdio.h>
#include <string.h>

/* Word counts with sscanf: each line is split into words by repeated
   sscanf("%s") on what is left of the line (copied forward each time). */
int main(void) {
    char line[128], word[128], rest[128];
    int words = 0, lines = 0, longest = 0;
    while (fgets(line, sizeof line, stdin)) {
        int k, len;
        lines++;
        while (sscanf(line, "%s", word) == 1) {
            len = strlen(word);
            words++;
            if (len > longest)
                longest = len;
            /* skip leading blanks, then the word */
            k = 0;
            while (line[k] == ' ' || line[k] == '\t')
                k++;
            k += len;
            strcpy(rest, "");
            if (line[k] != '\0') {
                int j = 0;
                while (line[k] != '\0')
                    rest[j++] = line[k++];
                rest[j] = '\0';
            }
            strcpy(line, rest);
        }
    }
    printf("%d lines, %d words, longest %d\n", lines, words, longest);
    return 0;
}
