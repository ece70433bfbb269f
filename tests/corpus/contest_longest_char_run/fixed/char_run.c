/* Contest task: one line of up to 10000 lowercase letters; print the longest
 * stretch of one repeated letter as "<letter> <length>" (the first on a tie). */
#include <stdio.h>
#include <string.h>

char s[10005];

int main(void)
{
    int len, i, run = 1, best = 1;
    char c;
    scanf("%10004s", s);
    len = strlen(s);
    c = s[0];
    for (i = 1; i < len; i++) {
        if (s[i] == s[i - 1]) {
            run++;
        } else {
            run = 1;
        }
        if (run > best) {
            best = run;
            c = s[i];
        }
    }
    printf("%c %d\n", c, best);
    return 0;
}
