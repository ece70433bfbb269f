#include <stdio.h>
#define LIMIT 10

int main(void)
{
    int c, len = 0, lines = 0, longs = 0;
    while ((c = getc(stdin)) != EOF) {
        if (c == '\n') {
            lines++;
            if (len > LIMIT)
                longs++;
            len = 0;
        } else {
            len++;
        }
    }
    fprintf(stdout, "%d lines, %d longer than %d\n", lines, longs, LIMIT);
    return 0;
}
