/* Exercise: count the letters and the other characters of each word. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

int main(void)
{
    char w[40];
    while (scanf("%39s", w) == 1) {
        int letters = 0, others = 0;
        int i;
        for (i = 0; i < strlen(w); i++) {
            if (isalpha(w[i]))
                letters++;
            else
                others++;
        }
        printf("%s: %d letters, %d others\n", w, letters, others);
    }
    return 0;
}
