#include <stdio.h>

int main()
{
    int x, best, changes = 0, n = 0;

    scanf("%d", &best);
    n++;
    while (scanf("%d", &x) == 1) {
        n++;
        if (x > best) best = x; changes++;
    }
    printf("Read %d numbers\n", n);
    printf("Best: %d, record broken %d times\n", best, changes);
    return 0;
}
