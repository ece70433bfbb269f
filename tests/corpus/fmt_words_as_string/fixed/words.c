#include <stdio.h>
#include <string.h>

int main(void) {
    char word[32];
    int count = 0, longest = 0;
    while (scanf("%31s", word) == 1) {
        count++;
        if ((int)strlen(word) > longest)
            longest = strlen(word);
    }
    printf("longest: %d\n", longest);
    printf("words: %d\n", count);
    return 0;
}
