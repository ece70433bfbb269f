#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A list of numbers on one line parsed with strtol, moving the end pointer
   along until it stops advancing; then the sum and where parsing stopped. */
int main(void) {
    char line[200];
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *end;
        long sum = 0;
        int count = 0;
        for (;;) {
            long v = strtol(p, &end, 10);
            if (end == p)
                break;
            sum += v;
            count++;
            p = end;
        }
        line[strcspn(line, "\n")] = '\0';
        printf("%d numbers, sum %ld, stopped at %d: \"%s\"\n", count, sum, (int)(p - line), p);
        printf("atol %ld, strtoll %lld, base 10 %ld\n", atol(line), strtoll(line, NULL, 10), strtol(line, NULL, 10));
    }
    return 0;
}
