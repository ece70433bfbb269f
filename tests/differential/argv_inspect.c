#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int i, j, len, digits, sum = 0;
    printf("argc=%d\n", argc);
    for (i = 1; i < argc; i++) {
        digits = 0;
        for (len = 0; argv[i][len] != '\0'; len++)
            if (argv[i][len] >= '0' && argv[i][len] <= '9')
                digits++;
        printf("argv[%d]=\"%s\" len=%d first='%c' digits=%d atoi=%d\n",
               i, argv[i], len, len ? argv[i][0] : '-', digits, atoi(argv[i]));
        sum += atoi(argv[i]);
        printf("  reversed: ");
        for (j = len - 1; j >= 0; j--)
            putchar(argv[i][j]);
        putchar('\n');
    }
    printf("sum=%d\n", sum);
    if (argc > 1 && argv[1][0] == '-')
        return 1;
    return 0;
}
