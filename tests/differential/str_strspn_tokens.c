#include <stdio.h>
#include <string.h>

/* A tokenizer with strspn/strcspn/strpbrk: blanks are skipped with strspn,
   a token runs to the next blank (strcspn), and strpbrk says whether it
   holds a digit. */
int main(void) {
    char line[160];
    while (fgets(line, sizeof line, stdin)) {
        char *p = line;
        int tokens = 0;
        for (;;) {
            int len;
            char word[64];
            p += strspn(p, " \t\n");
            if (*p == '\0')
                break;
            len = strcspn(p, " \t\n");
            if (len > 63)
                len = 63;
            strncpy(word, p, len);
            word[len] = '\0';
            printf("<%s>", word);
            if (strpbrk(word, "0123456789") != NULL)
                printf("#");
            printf(" ");
            p += len;
            tokens++;
        }
        printf("| %d\n", tokens);
    }
    return 0;
}
