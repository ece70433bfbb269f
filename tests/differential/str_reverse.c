#include <stdio.h>
#include <string.h>
/* Reverse each word read with scanf("%s"). */
int main(void) {
    char w[64];
    char r[64];
    while (scanf("%63s", w) == 1) {
        int n = strlen(w);
        int i;
        for (i = 0; i < n; i++)
            r[i] = w[n - 1 - i];
        r[n] = '\0';
        printf("%s -> %s\n", w, r);
    }
    return 0;
}
