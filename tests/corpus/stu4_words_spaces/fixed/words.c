#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[200];
    int i, n, words = 0;
    printf("Enter a sentence: ");
    fgets(line, sizeof line, stdin);
    line[strcspn(line, "\n")] = '\0';
    n = strlen(line);
    for (i = 0; i < n; i++) {
        if (line[i] != ' ' && (i == 0 || line[i - 1] == ' '))
            words++;
    }
    printf("Words: %d\n", words);
    return 0;
}
