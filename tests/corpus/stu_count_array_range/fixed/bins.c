#include <stdio.h>

int main()
{
    int bins[10] = {0};
    int x, i;
    while (scanf("%d", &x) == 1) {
        if (x < 0 || x > 99)
            continue;
        bins[x / 10]++;
    }
    for (i = 0; i < 10; i++)
        printf("%2d-%2d: %d\n", i * 10, i * 10 + 9, bins[i]);
    return 0;
}
