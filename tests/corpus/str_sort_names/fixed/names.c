/* Exercise: read up to five names and print them in alphabetical order. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char names[5][16];
    char tmp[16];
    int n = 0, i, j;
    while (n < 5 && scanf("%15s", names[n]) == 1)
        n++;
    for (i = 0; i < n - 1; i++) {
        for (j = 0; j < n - 1 - i; j++) {
            if (strcmp(names[j], names[j + 1]) > 0) {
                strcpy(tmp, names[j]);
                strcpy(names[j], names[j + 1]);
                strcpy(names[j + 1], tmp);
            }
        }
    }
    for (i = 0; i < n; i++)
        printf("%s\n", names[i]);
    return 0;
}
