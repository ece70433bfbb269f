#include <stdio.h>
/* %3c reads exactly three bytes (no NUL), %c reads white space too. */
int main(void) {
    char code[4];
    char c;
    int n;
    code[3] = '\0';
    while ((n = scanf("%3c%c", code, &c)) == 2)
        printf("[%s] [%c]\n", code, c == '\n' ? '$' : c);
    printf("last %d\n", n);
    return 0;
}
