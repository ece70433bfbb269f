#include <stdio.h>
#include <string.h>

/* Whole lines read with scanf(" %[^\n]"): leading blanks and empty lines are
   skipped, each line is echoed with its length and its vowel count. */
int main(void) {
    char line[100];
    int n = 0;
    while (scanf(" %99[^\n]", line) == 1) {
        int i, vowels = 0;
        for (i = 0; line[i] != '\0'; i++)
            if (line[i] == 'a' || line[i] == 'e' || line[i] == 'i' || line[i] == 'o' || line[i] == 'u')
                vowels++;
        n++;
        printf("%d: [%s] %d chars, %d vowels\n", n, line, (int)strlen(line), vowels);
    }
    printf("%d lines\n", n);
    return 0;
}
