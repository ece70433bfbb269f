#include <stdio.h>
#include <string.h>

/* Counting (non-overlapping) occurrences of a word in each line with strstr,
   stepping past each match; strcspn trims the newline. */
int main(void) {
    char pat[32], line[200];
    int total = 0;
    if (scanf("%31s", pat) != 1)
        return 1;
    getchar();
    while (fgets(line, sizeof line, stdin)) {
        char *p = line;
        int n = 0;
        line[strcspn(line, "\n")] = '\0';
        while ((p = strstr(p, pat)) != NULL) {
            n++;
            p += strlen(pat);
        }
        printf("%2d  %s\n", n, line);
        total += n;
    }
    printf("total %d\n", total);
    return 0;
}
