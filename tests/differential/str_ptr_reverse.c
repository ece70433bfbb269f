#include <stdio.h>
#include <string.h>

/* String reversal through pointers, word by word: strchr finds each blank,
   each word is reversed in place between two pointers. */
static void reverse(char *a, char *b) {
    while (a < b) {
        char t = *a;
        *a = *b;
        *b = t;
        a++;
        b--;
    }
}

int main(void) {
    char line[100];
    while (fgets(line, sizeof line, stdin)) {
        char *start = line, *sp;
        line[strcspn(line, "\n")] = '\0';
        while ((sp = strchr(start, ' ')) != NULL) {
            reverse(start, sp - 1);
            start = sp + 1;
        }
        reverse(start, start + strlen(start) - 1);
        puts(line);
        printf("%s|", line + strlen(line) / 2);
        if (strstr(line, "a"))
            printf("has a\n");
        else
            printf("no a\n");
    }
    return 0;
}
