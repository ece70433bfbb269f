/* A count printed with `%s`: glibc reads the number as an address (a crash under gcc). */
#include <stdio.h>

int main(void) {
    char word[32];
    int count = 0;
    while (scanf("%31s", word) == 1)
        count++;
    printf("words: %s\n", count); /* UB: */
    return 0;
}
