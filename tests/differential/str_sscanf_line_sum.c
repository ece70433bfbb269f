#include <stdio.h>

/* Line parsing with fgets + sscanf: each line holds two integers; lines that
   do not parse are counted and skipped. */
int main(void) {
    char line[64];
    int a, b, n;
    long total = 0;
    int good = 0, bad = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        n = sscanf(line, "%d %d", &a, &b);
        if (n == 2) {
            total += a * b;
            good++;
        } else {
            printf("line %d: %d field(s)\n", good + bad + 1, n);
            bad++;
        }
    }
    printf("good=%d bad=%d total=%ld\n", good, bad, total);
    return bad > 0;
}
