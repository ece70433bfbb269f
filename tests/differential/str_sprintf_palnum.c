#include <stdio.h>
#include <string.h>

/* Palindromic numbers: the number is written with sprintf and its digits
   compared from both ends. */
static int is_pal(const char s[]) {
    int i = 0, j = strlen(s) - 1;
    while (i < j) {
        if (s[i] != s[j])
            return 0;
        i++;
        j--;
    }
    return 1;
}

int main(void) {
    char digits[24];
    long v;
    int count = 0;
    while (scanf("%ld", &v) == 1) {
        int len = sprintf(digits, "%ld", v < 0 ? -v : v);
        printf("%s (%d digits): %c\n", digits, len, is_pal(digits) ? 'y' : 'n');
        count += is_pal(digits);
    }
    printf("%d palindromes\n", count);
    return 0;
}
