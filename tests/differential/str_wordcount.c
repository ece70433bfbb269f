#include <stdio.h>
#include <string.h>
/* Count words, characters and lines of input lines read with fgets. */
int main(void) {
    char line[80];
    int lines = 0, words = 0, chars = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        int i, in = 0;
        lines++;
        chars += strlen(line);
        for (i = 0; line[i] != '\0'; i++) {
            if (line[i] == ' ' || line[i] == '\t' || line[i] == '\n') {
                in = 0;
            } else if (!in) {
                in = 1;
                words++;
            }
        }
    }
    printf("%d %d %d\n", lines, words, chars);
    return 0;
}
