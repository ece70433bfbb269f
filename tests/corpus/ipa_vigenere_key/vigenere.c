#include <stdio.h>
#include <string.h>
#include <ctype.h>

void vigenere(char *text, const char *key)
{
    int klen = strlen(key);
    int i, j = 0;

    for (i = 0; text[i] != '\0'; i++) {
        if (isalpha((unsigned char)text[i])) {
            int k = tolower((unsigned char)key[i % klen]) - 'a';
            if (isupper((unsigned char)text[i]))
                text[i] = 'A' + (text[i] - 'A' + k) % 26;
            else
                text[i] = 'a' + (text[i] - 'a' + k) % 26;
            j++;
        }
    }
}

int valid_key(const char *key)
{
    int i;
    if (key[0] == '\0')
        return 0;
    for (i = 0; key[i]; i++)
        if (!isalpha((unsigned char)key[i]))
            return 0;
    return 1;
}

int main(void)
{
    char key[32], text[200];
    int n;

    scanf("%31s", key);
    getchar();
    if (!valid_key(key)) {
        printf("bad key\n");
        return 0;
    }
    while (fgets(text, sizeof text, stdin)) {
        n = strlen(text);
        if (n && text[n - 1] == '\n')
            text[n - 1] = '\0';
        vigenere(text, key);
        printf("%s\n", text);
    }
    return 0;
}
