#include <stdio.h>

#define IN 1
#define OUT 0

int main()
{
    int c, state, nw, nc;

    state = OUT;
    nw = nc = 0;
    while ((c = getchar()) != EOF) {
        nc++;
        if (c == ' ' || c == '\n' || c == '\t')
            state = OUT;
        else if (state == OUT) {
            state = IN;
            nw++;
        }
    }
    printf("%d words, %d characters\n", nw, nc);
    return 0;
}
