#include <stdio.h>
#include <string.h>

int main(void) {
    char names[5][16];
    int n = 0, i, j;
    while (n < 5 && scanf("%15s", names[n]) == 1)
        n++;
    for (i = 0; i < n - 1; i++)
        for (j = i + 1; j < n; j++)
            if (strcmp(names[i], names[j]) > 0) {
                char tmp[16];
                strcpy(tmp, names[i]);
                strcpy(names[i], names[j]);
                strcpy(names[j], tmp);
            }
    for (i = 0; i < n; i++)
        printf("%d. %s\n", i + 1, names[i]);
    return 0;
}
