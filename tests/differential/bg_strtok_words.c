#include <stdio.h>
#include <string.h>

int main(void) {
    char line[200];
    int count = 0, longest = 0;
    char best[50] = "";
    if (fgets(line, sizeof line, stdin) == NULL)
        return 1;
    line[strcspn(line, "\n")] = '\0';
    char *word = strtok(line, " ,.");
    while (word != NULL) {
        count++;
        int len = strlen(word);
        if (len > longest) {
            longest = len;
            strcpy(best, word);
        }
        printf("[%s]", word);
        word = strtok(NULL, " ,.");
    }
    printf("\n%d words, longest \"%s\" (%d)\n", count, best, longest);
    return 0;
}
