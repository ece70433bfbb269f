/* Exercise: print the initials of the words of a line (a letter after a
   blank starts a word), built into a char array. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[64];
    char out[32];
    int i, k = 0;
    if (fgets(line, sizeof line, stdin) == NULL)
        return 1;
    for (i = 0; line[i] != '\0' && k < 31; i++) {
        if (line[i] != ' ' && line[i] != '\n' && (i == 0 || line[i - 1] == ' ')) {
            out[k] = line[i + 1];
            k++;
        }
    }
    out[k] = '\0';
    printf("%s (%d)\n", out, (int)strlen(out));
    return 0;
}
