#include <stdio.h>

/* A tokenizer on stdin: runs of letters (%[a-zA-Z]), runs of digits (%9[0-9])
   and single other characters (%c), told apart by which conversion matches. */
int main(void) {
    char word[64], num[16], c;
    int words = 0, nums = 0, other = 0;
    for (;;) {
        if (scanf("%63[a-zA-Z]", word) == 1) {
            printf("word %s\n", word);
            words++;
        } else if (scanf("%9[0-9]", num) == 1) {
            printf("number %s\n", num);
            nums++;
        } else if (scanf("%c", &c) == 1) {
            if (c != ' ' && c != '\n')
                other++;
        } else {
            break;
        }
    }
    printf("%d words, %d numbers, %d others\n", words, nums, other);
    return 0;
}
