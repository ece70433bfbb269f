#include <stdio.h>
#include <string.h>

int main()
{
    char str[81];
    int i, count = 0;
    printf("Please enter a string > ");
    fgets(str, 81, stdin);
    for (i = 0; i < strlen(str); i++) {
        switch (str[i]) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u':
        case 'y':
            count++;
            break;
        default:
            break;
        }
    }
    printf("The number of syllables is %d.\n", count);
    return 0;
}
