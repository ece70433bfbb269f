#include <stdio.h>
#include <string.h>
int main(void) {
    char s[3];
    s[0] = 'a';
    s[1] = 'b';
    s[2] = 'c';
    printf("%d\n", (int)strlen(s)); /* UB: no NUL inside the array */
    return 0;
}
