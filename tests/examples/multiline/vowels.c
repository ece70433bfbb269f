/* Counts the vowels of the input, either case. */
#include <stdio.h>

int main(void)
{
    int c, vowels = 0;
    while ((c = getchar()) != EOF) {
        if (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' ||
            c == 'A' || c == 'E' || c == 'I' || c == 'O' || c == 'V')
            vowels++;
    }
    printf("%d\n", vowels);
    return 0;
}
