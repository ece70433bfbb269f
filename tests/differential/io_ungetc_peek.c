/* Peek at the next byte with getchar + ungetc (a byte other than the one read, too), and
   push back after EOF. */
#include <stdio.h>

int peek(void) {
    int c = getchar();
    if (c != EOF) ungetc(c, stdin);
    return c;
}

int main(void) {
    int lines = 0, c;
    while (peek() != EOF) {
        if (peek() == '#') {
            while ((c = getchar()) != EOF && c != '\n')
                ;
            printf("comment\n");
            continue;
        }
        int len = 0;
        while ((c = getchar()) != EOF && c != '\n') len++;
        lines++;
        printf("line %d: %d\n", lines, len);
    }
    int r = ungetc('Z', stdin);
    int z = getchar();
    int e = getchar();
    printf("%d %c %d %d\n", r, z, e, ungetc(EOF, stdin));
    c = getchar();
    ungetc('q', stdin);
    printf("%c\n", getchar());
    return 0;
}
