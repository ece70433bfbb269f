#include <stdio.h>
#include <ctype.h>
#include <string.h>

int main()
{
    char word[50];
    int i, n = 0;
    char c;
    printf("Enter a word: ");
    scanf("%49s", word);
    for (i = 0; i < strlen(word); i++) {
        c = toupper(word[i]);
        if (c == 'A' || c == 'E' || c == 'I' || c == 'O' || c == 'V')
            n++;
    }
    printf("%s has %d vowels\n", word, n);
    return 0;
}
