/* Letter frequencies in a calloc'd table (zeroed), printed for letters that occur. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int *count = calloc(26, sizeof(int));
    int c, total = 0, k;
    while ((c = getchar()) != EOF) {
        if (c >= 'a' && c <= 'z') {
            count[c - 'a']++;
            total++;
        } else if (c >= 'A' && c <= 'Z') {
            count[c - 'A']++;
            total++;
        }
    }
    for (k = 0; k < 26; k++)
        if (count[k] > 0) printf("%c %d\n", 'a' + k, count[k]);
    printf("total %d\n", total);
    free(count);
    return 0;
}
