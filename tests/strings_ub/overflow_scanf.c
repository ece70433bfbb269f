#include <stdio.h>
int main(void) {
    char word[5];
    scanf("%s", word); /* UB: the input word does not fit */
    printf("%s\n", word);
    return 0;
}
