/* between LO HI V...: count the values V that lie in [LO, HI]. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int lo, hi, i, count = 0;
    if (argc < 3) {
        printf("usage: between LO HI V...\n");
        return 1;
    }
    lo = atoi(argv[1]);
    hi = atoi(argv[2]);
    for (i = 3; i < argc; i++) {
        int v = atoi(argv[i]);
        if (v >= lo && v <= hi)
            count++;
    }
    printf("%d of %d in range\n", count, argc - 3);
    return 0;
}
