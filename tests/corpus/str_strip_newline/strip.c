/* Exercise: read a line with fgets, remove its newline, print it between
   brackets with its length. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[32];
    int len;
    while (fgets(line, sizeof line, stdin) != NULL) {
        len = strlen(line);
        if (len > 0 && line[len] == '\n')
            line[len - 1] = '\0';
        printf("[%s] %d\n", line, (int)strlen(line));
    }
    return 0;
}
