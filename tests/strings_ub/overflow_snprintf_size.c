#include <stdio.h>

int main(void) {
    char name[6];
    char word[16];
    scanf("%15s", word);
    /* the size passed is the source's, not the destination's */
    snprintf(name, sizeof word, "<%s>", word); /* UB: more than 6 bytes */
    printf("%s\n", name);
    return 0;
}
