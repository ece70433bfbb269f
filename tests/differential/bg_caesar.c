#include <stdio.h>

int main(void) {
    char text[100];
    int shift, i;
    scanf("%d ", &shift);
    fgets(text, 100, stdin);
    shift = ((shift % 26) + 26) % 26;
    for (i = 0; text[i] != '\0'; i++) {
        char c = text[i];
        if (c >= 'a' && c <= 'z')
            c = 'a' + (c - 'a' + shift) % 26;
        else if (c >= 'A' && c <= 'Z')
            c = 'A' + (c - 'A' + shift) % 26;
        text[i] = c;
    }
    printf("%s", text);
    printf("%c%c%c\n", 'a' + 1, 'Z' - 25, '0' + 7);
    printf("%d\n", 'z' - 'a');
    return 0;
}
