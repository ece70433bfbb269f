#include <stdio.h>
#include <string.h>
int count(char s[], char c) {
    int i, n = 0;
    for (i = 0; s[i] != '\0'; i++)
        if (s[i] == c)
            n++;
    return n;
}
int main(void) {
    char s[64];
    char c[4];
    while (scanf("%63s %1s", s, c) == 2)
        printf("'%c' occurs %d times in %s (len %lu)\n", c[0], count(s, c[0]), s, strlen(s));
    return 0;
}
