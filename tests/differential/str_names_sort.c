#include <stdio.h>
#include <string.h>
/* Sort up to 10 names with strcmp and strcpy (selection sort). */
int main(void) {
    char names[10][20];
    char tmp[20];
    int n = 0, i, j;
    while (n < 10 && scanf("%19s", names[n]) == 1)
        n++;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (strcmp(names[i], names[j]) > 0) {
                strcpy(tmp, names[i]);
                strcpy(names[i], names[j]);
                strcpy(names[j], tmp);
            }
    for (i = 0; i < n; i++)
        puts(names[i]);
    return n;
}
