#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int i, j, k, hits = 0;

    /* continue in do-while jumps to the condition */
    i = 0;
    do {
        i++;
        if (i % 3 == 0)
            continue;
        printf("%d ", i);
    } while (i < n);
    printf("| i=%d\n", i);

    /* break inside switch only leaves the switch; continue goes to the loop */
    for (i = 0; i < n; i++) {
        switch (i % 4) {
        case 0:
            continue;
        case 1:
            hits += 10;
            break;
        case 2:
            hits += 100;
            /* fall through */
        default:
            hits++;
        }
        hits += 1000;
    }
    printf("hits=%d\n", hits);

    /* for(;;) with break, and break only leaves the inner loop */
    k = 0;
    for (;;) {
        for (j = 0; j < 100; j++) {
            if (j * j > k)
                break;
        }
        printf("k=%d j=%d\n", k, j);
        k += 7;
        if (k > n * 3)
            break;
    }

    /* comma in a while condition; empty loop bodies */
    i = 0;
    j = 0;
    while (j++, i < n)
        i += 2;
    for (k = 0; k < n && k * k < n; k++)
        ;
    printf("i=%d j=%d k=%d\n", i, j, k);

    /* nested switch */
    for (i = 0; i < 3; i++)
        switch (i) {
        case 0:
            switch (n % 2) {
            case 0: printf("even "); break;
            default: printf("odd ");
            }
            break;
        case 1:
            printf("one ");
        }
    printf("\n");
    return 0;
}
