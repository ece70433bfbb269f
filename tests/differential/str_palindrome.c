#include <stdio.h>
#include <string.h>
#include <ctype.h>
int is_pal(char s[]) {
    int i = 0, j = strlen(s) - 1;
    while (i < j) {
        if (tolower(s[i]) != tolower(s[j]))
            return 0;
        i++;
        j--;
    }
    return 1;
}
int main(void) {
    char s[100];
    int count = 0;
    while (scanf("%99s", s) == 1) {
        if (is_pal(s)) {
            printf("%s is a palindrome\n", s);
            count++;
        } else {
            printf("%s is not a palindrome\n", s);
        }
    }
    printf("%d palindromes\n", count);
    return count;
}
