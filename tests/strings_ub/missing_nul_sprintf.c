#include <stdio.h>

int main(void) {
    char word[4];
    char out[32];
    int i;
    for (i = 0; i < 4; i++)
        word[i] = 'a' + i;
    sprintf(out, "[%s]", word); /* UB: word has no NUL */
    puts(out);
    return 0;
}
