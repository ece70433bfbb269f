/* A hand-written tokenizer: getchar until EOF, ungetc to give back the byte after a number. */
#include <stdio.h>
#include <ctype.h>

int read_number(int *out) {
    int c, v = 0, any = 0;
    while ((c = getchar()) != EOF && isdigit(c)) {
        v = v * 10 + (c - '0');
        any = 1;
    }
    if (c != EOF) ungetc(c, stdin);
    *out = v;
    return any;
}

int main(void) {
    int c, v, numbers = 0, others = 0;
    long sum = 0;
    while ((c = getchar()) != EOF) {
        if (isdigit(c)) {
            ungetc(c, stdin);
            read_number(&v);
            sum += v;
            numbers++;
            printf("num %d\n", v);
        } else if (!isspace(c)) {
            others++;
            printf("sym %c\n", c);
        }
    }
    printf("%d numbers, sum %ld, %d symbols\n", numbers, sum, others);
    return 0;
}
