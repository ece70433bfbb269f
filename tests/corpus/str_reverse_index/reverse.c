/* Exercise: print each word reversed. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char s[32], r[32];
    int i, n;
    while (scanf("%31s", s) == 1) {
        n = strlen(s);
        for (i = 0; i < n; i++)
            r[i] = s[n - i];
        r[n] = '\0';
        printf("%s\n", r);
    }
    return 0;
}
