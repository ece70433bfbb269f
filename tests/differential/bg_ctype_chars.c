#include <stdio.h>
#include <ctype.h>

int main(void) {
    int c, letters = 0, digits = 0, spaces = 0, other = 0, printable = 0;
    while ((c = getchar()) != EOF) {
        if (isalpha(c)) {
            letters++;
            putchar(islower(c) ? toupper(c) : tolower(c));
        } else {
            if (isdigit(c)) digits++;
            else if (isspace(c)) spaces++;
            else other++;
            putchar(c);
        }
        if (isprint(c)) printable++;
    }
    printf("letters %d digits %d spaces %d other %d printable %d\n", letters, digits, spaces, other, printable);
    return 0;
}
