#include <stdio.h>
#include <string.h>
int main(void) {
    char s[16];
    char t[16];
    int i;
    memset(s, 'x', 15);
    s[15] = '\0';
    printf("%s\n", s);
    memset(s, 0, sizeof s);
    memcpy(s, "abcdefgh", 9);
    printf("%s\n", s);
    memmove(t, s, 9);
    printf("%s %s\n", s, t);
    for (i = 0; i < 16; i++)
        t[i] = 'a' + i;
    t[15] = 0;
    memmove(s, t, 16);
    printf("%s %d\n", s, memcmp(s, t, 16) == 0);
    return 0;
}
