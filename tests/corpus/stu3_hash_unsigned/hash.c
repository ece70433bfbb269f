#include <stdio.h>

int main()
{
    char s[80];
    unsigned int h = 0;
    int i;

    while (scanf("%79s", s) == 1) {
        h = 0;
        for (i = 0; s[i] != '\0'; i++)
            h = h * 13 + s[i];
        printf("%s %u %u\n", s, h, h % 1000);
    }
    return 0;
}
