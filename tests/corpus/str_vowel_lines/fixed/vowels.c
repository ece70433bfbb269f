/* Exercise: count the vowels of each input line (read with fgets). */
#include <stdio.h>
#include <ctype.h>

int main(void)
{
    char line[64];
    int i, n;
    while (fgets(line, sizeof line, stdin) != NULL) {
        n = 0;
        for (i = 0; line[i] != '\0'; i++) {
            char c = tolower(line[i]);
            if (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u')
                n++;
        }
        printf("%d\n", n);
    }
    return 0;
}
