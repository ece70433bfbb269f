#include <stdio.h>
#include <string.h>
int main(void) {
    char w[40], best[40] = "";
    while (scanf("%39s", w) == 1)
        if (strlen(w) > strlen(best))
            strcpy(best, w);
    printf("longest: '%s' (%d)\n", best, (int)strlen(best));
    return 0;
}
