#include <stdio.h>
#include <string.h>
#include <ctype.h>

int is_palindrome(const char *s) {
    int i = 0, j = strlen(s) - 1;
    while (i < j) {
        if (tolower(s[i]) != tolower(s[j]))
            return 0;
        i++;
        j--;
    }
    return 1;
}

void reverse(char *s) {
    int n = strlen(s), i;
    for (i = 0; i < n / 2; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
}

int main(void) {
    char w[64];
    while (scanf("%63s", w) == 1) {
        printf("%s: %s", w, is_palindrome(w) ? "palindrome" : "no");
        reverse(w);
        printf(" (%s)\n", w);
    }
    return 0;
}
