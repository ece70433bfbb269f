/* Exercise: read a name up to the end of the line with scanf("%[^\n]") and
   count its capital letters. */
#include <stdio.h>

int main(void)
{
    char name[40];
    int i, caps = 0;
    if (scanf("%39[^\n]", name) != 1)
        return 1;
    for (i = 0; name[i] != '\0'; i++)
        if (name[i] >= 'A' && name[i] <= 'Z')
            caps++;
    printf("%s: %d\n", name, caps);
    return 0;
}
