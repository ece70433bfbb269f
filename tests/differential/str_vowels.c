#include <stdio.h>
#include <string.h>
#include <ctype.h>
int main(void) {
    char s[128];
    int v = 0, c = 0, i;
    if (fgets(s, 128, stdin) == NULL) {
        puts("no input");
        return 1;
    }
    for (i = 0; i < (int)strlen(s); i++) {
        char ch = tolower(s[i]);
        if (ch == 'a' || ch == 'e' || ch == 'i' || ch == 'o' || ch == 'u')
            v++;
        else if (isalpha(ch))
            c++;
    }
    printf("vowels=%d consonants=%d\n", v, c);
    return 0;
}
