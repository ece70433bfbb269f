#include <stdio.h>
#include <ctype.h>
/* Every class function and the case mappings on every value glibc's table covers. */
int main(void) {
    int c;
    long sum = 0;
    for (c = -128; c < 256; c++) {
        int v = isupper(c) + islower(c) + isalpha(c) + isdigit(c) + isxdigit(c) + isspace(c)
              + isprint(c) + isgraph(c) + isblank(c) + iscntrl(c) + ispunct(c) + isalnum(c);
        sum = sum * 31 % 1000003 + v + toupper(c) * 7 + tolower(c) * 13;
        if (c % 37 == 0 || c == -1 || c == 'z' || c == 'A')
            printf("%4d: %5d %4d %4d\n", c, v, toupper(c), tolower(c));
    }
    printf("sum=%ld\n", sum);
    printf("%d %d %d\n", isdigit('7'), isalpha('q') != 0, isspace('\n'));
    return 0;
}
