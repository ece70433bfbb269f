#include <stdio.h>
#include <ctype.h>
/* Upper-case each line, built with getchar. */
int main(void) {
    char line[50];
    int c, n = 0, lines = 0;
    while ((c = getchar()) != EOF) {
        if (c == '\n' || n == 49) {
            line[n] = '\0';
            printf("%d: %s\n", ++lines, line);
            n = 0;
            if (c != '\n')
                line[n++] = toupper(c);
        } else {
            line[n++] = toupper(c);
        }
    }
    if (n > 0) {
        line[n] = '\0';
        printf("%d: %s\n", ++lines, line);
    }
    return 0;
}
