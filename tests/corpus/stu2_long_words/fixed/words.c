#include <stdio.h>
#include <string.h>

int main()
{
    char w[50];
    int total = 0, longer = 0;
    while (scanf("%s", w) == 1) {
        if (strcmp(w, "quit") == 0)
            break;
        total++;
        if (strlen(w) > 3)
            longer++;
    }
    printf("%d words, %d longer than 3 letters\n", total, longer);
    return 0;
}
