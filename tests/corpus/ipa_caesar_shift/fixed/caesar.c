#include <stdio.h>
#include <string.h>

char shift_char(char c, int k)
{
    if (c >= 'a' && c <= 'z')
        return 'a' + ((c - 'a' + k) % 26 + 26) % 26;
    if (c >= 'A' && c <= 'Z')
        return 'A' + ((c - 'A' + k) % 26 + 26) % 26;
    return c;
}

void encrypt(char *s, int k)
{
    int i;
    for (i = 0; s[i] != '\0'; i++)
        s[i] = shift_char(s[i], k);
}

int main(void)
{
    char text[128];
    char mode;
    int key, n;

    if (scanf(" %c %d", &mode, &key) != 2)
        return 1;
    getchar();
    if (fgets(text, sizeof text, stdin) == NULL)
        return 1;
    n = strlen(text);
    if (n > 0 && text[n - 1] == '\n')
        text[n - 1] = '\0';
    if (mode == 'd')
        key = -key;
    else if (mode != 'e') {
        printf("unknown mode %c\n", mode);
        return 1;
    }
    encrypt(text, key);
    printf("%s\n", text);
    return 0;
}
