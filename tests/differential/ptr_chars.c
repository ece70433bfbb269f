#include <stdio.h>

int length(char *s)
{
    char *p = s;
    while (*p)
        p++;
    return p - s;
}

void reverse(char *s)
{
    char *q = s + length(s) - 1;
    while (s < q) {
        char t = *s;
        *s++ = *q;
        *q-- = t;
    }
}

int main(void)
{
    char w[16];
    int c, n = 0;
    while ((c = getchar()) != EOF && c != '\n' && n < 15)
        w[n++] = c;
    w[n] = 0;
    printf("%d\n", length(w));
    reverse(w);
    printf("%s\n", w);
    return 0;
}
