#include <stdio.h>
#include <string.h>

int main(void)
{
    char s[100];
    int i;
    fgets(s, 100, stdin);
    s[strcspn(s, "\n")] = '\0';
    for (i = 0; i < strlen(s); i++) {
        if (s[i] > 'a' && s[i] <= 'z' && (i == 0 || s[i-1] == ' '))
            s[i] = s[i] - 32;
    }
    printf("%s\n", s);
    return 0;
}
