#include <stdio.h>
#include <string.h>

int main()
{
    char line[100], c;
    int i, count = 0;
    printf("Enter a word: ");
    fgets(line, sizeof(line), stdin);
    line[strcspn(line, "\n")] = 0;
    printf("Enter a character: ");
    scanf(" %c", &c);
    for (i = 1; line[i] != '\0'; i++)
        if (line[i] == c)
            count++;
    printf("'%c' occurs %d times in %s\n", c, count, line);
    return 0;
}
