#include <stdio.h>

int main()
{
    char text[101];
    int key, i;
    scanf("%d", &key);
    scanf("%100s", text);
    for (i = 0; text[i] != '\0'; i++) {
        char ch = text[i];
        if (ch >= 'a' && ch <= 'z')
            ch = (ch - 'a' + key) % 25 + 'a';
        else if (ch >= 'A' && ch <= 'Z')
            ch = (ch - 'A' + key) % 26 + 'A';
        text[i] = ch;
    }
    printf("Encrypted: %s\n", text);
    return 0;
}
