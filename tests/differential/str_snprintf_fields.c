/* Fields of a "name,age,score" line split with sscanf scansets and joined again with snprintf. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[128], name[32], out[24];
    int age, score;
    while (fgets(line, sizeof line, stdin)) {
        int k = sscanf(line, "%31[^,],%d,%d", name, &age, &score);
        if (k != 3) {
            printf("skip (%d)\n", k);
            continue;
        }
        int n = snprintf(out, sizeof out, "%s is %d (%d pts)", name, age, score);
        printf("[%s] %d %zu\n", out, n, strlen(out));
    }
    return 0;
}
