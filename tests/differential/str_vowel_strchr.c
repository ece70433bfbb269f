#include <stdio.h>
#include <string.h>

/* Vowels counted with strchr on a string literal ("aeiouAEIOU"), and the
   position of the first vowel found with strpbrk. */
int main(void) {
    char w[40];
    while (scanf("%39s", w) == 1) {
        int i, v = 0;
        char *first = strpbrk(w, "aeiouAEIOU");
        for (i = 0; w[i]; i++)
            if (strchr("aeiouAEIOU", w[i]) != NULL)
                v++;
        if (first != NULL)
            printf("%s: %d vowels, first '%c' at %d\n", w, v, *first, (int)(first - w));
        else
            printf("%s: no vowels\n", w);
    }
    return 0;
}
