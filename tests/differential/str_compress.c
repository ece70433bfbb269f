#include <stdio.h>
#include <string.h>
/* Run-length encode a word: aaabcc -> a3b1c2 */
int main(void) {
    char s[50];
    while (scanf("%49s", s) == 1) {
        int i = 0, n = strlen(s);
        while (i < n) {
            int j = i;
            while (j < n && s[j] == s[i])
                j++;
            printf("%c%d", s[i], j - i);
            i = j;
        }
        putchar('\n');
    }
    return 0;
}
