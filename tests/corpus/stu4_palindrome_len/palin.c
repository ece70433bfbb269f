#include <stdio.h>
#include <string.h>

int main()
{
    char word[50];
    int i, j, ok = 1;
    printf("Enter a word: ");
    scanf("%s", word);
    i = 0;
    j = strlen(word);
    while (i < j) {
        if (word[i] != word[j]) {
            ok = 0;
            break;
        }
        i++;
        j--;
    }
    if (ok)
        printf("%s is a palindrome\n", word);
    else
        printf("%s is not a palindrome\n", word);
    return 0;
}
