#include <stdio.h>
#include <string.h>
#include <ctype.h>

int main()
{
    char line[100];
    int i, vowels = 0, consonants = 0;

    printf("Enter a line: ");
    fgets(line, 100, stdin);
    for (i = 0; i < strlen(line); i++) {
        char ch = tolower(line[i]);
        if (ch == 'a' || ch == 'e' || ch == 'i' || ch == 'o' || ch == 'u')
            vowels++;
        else if (ch >= 'a' && ch <= 'z')
            consonants++;
    }
    printf("Vowels: %d\nConsonants: %d\n", vowels, consonants);
    return 0;
}
