#include <stdio.h>
#include <string.h>

int main(void)
{
    char line[200];
    int i, len;
    printf("Enter a string: ");
    if (fgets(line, sizeof line, stdin) == NULL)
        return 1;
    len = strlen(line);
    if (len > 0 && line[len - 1] == '\n')
        line[--len] = '\0';
    printf("Reversed: ");
    for (i = len - 1; i >= 0; i--)
        putchar(line[i]);
    putchar('\n');
    return 0;
}
