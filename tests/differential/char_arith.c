#include <stdio.h>

int main(void)
{
    char c;
    signed char s;
    unsigned char u;
    int i, upper = 0;
    char word[12] = {'F', 'a', 'u', 'l', 't', 'L', 'i', 'n', 'e', '!', '\0', 'x'};
    for (i = 0; word[i] != '\0'; i++) {
        c = word[i];
        if (c >= 'a' && c <= 'z')
            c = c - 'a' + 'A';
        else if (c >= 'A' && c <= 'Z') {
            c += 32;
            upper++;
        }
        putchar(c);
    }
    printf("\nupper=%d len=%d\n", upper, i);
    s = 127;
    s = (signed char)(s + 1);
    printf("127+1 as schar = %d\n", s);
    u = 255;
    u++;
    printf("255+1 as uchar = %d\n", u);
    c = '\n';
    printf("'\\n'=%d '\\t'=%d '\\\\'=%d '\\''=%d '\\0'=%d '\\x41'=%c '\\101'=%c\n",
           c, '\t', '\\', '\'', '\0', '\x41', '\101');
    for (c = 'a'; c <= 'e'; c++)
        printf("%c%d ", c, c - 'a');
    printf("\n'z'-'a'=%d '9'-'0'=%d\n", 'z' - 'a', '9' - '0');
    u = 'A';
    printf("%c%c%c\n", u, u + 1, (char)(u + 25));
    return 0;
}
