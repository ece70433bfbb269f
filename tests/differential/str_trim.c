#include <stdio.h>
#include <string.h>
/* Strip the newline fgets keeps, then trailing spaces. */
int main(void) {
    char s[60];
    while (fgets(s, sizeof s, stdin)) {
        int n = strlen(s);
        if (n > 0 && s[n - 1] == '\n')
            s[--n] = '\0';
        while (n > 0 && s[n - 1] == ' ')
            s[--n] = '\0';
        printf("<%s> %d\n", s, n);
    }
    return 0;
}
