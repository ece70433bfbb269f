#include <stdio.h>
#include <string.h>

int main()
{
    char word[50];
    int i, total = 0;

    scanf("%s", word);
    for (i = 0; i < strlen(word); i++) {
        if (word[i] >= 'a' && word[i] <= 'z')
            total += word[i] - 'a' + 1;
        else if (word[i] >= 'A' && word[i] <= 'Z')
            total += word[i] - 'A';
    }
    printf("The value of %s is %d\n", word, total);
    return 0;
}
