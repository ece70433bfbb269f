/* maxarg N...: print the largest argument and its position (1-based). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int best = 0;
    int i;
    if (argc < 2) {
        printf("usage: maxarg N...\n");
        return 1;
    }
    for (i = 2; i < argc; i++) {
        if (atoi(argv[i]) > atoi(argv[best]))
            best = i;
    }
    printf("max %d at %d\n", atoi(argv[best]), best);
    return 0;
}
