#include <stdio.h>

int main()
{
    int x, max = 0, first = 1, n = 0;
    while (scanf("%d", &x) == 1) {
        if (first || x > max) {
            max = x;
            first = 1;
        }
        n++;
    }
    if (n > 0)
        printf("Maximum of %d numbers: %d\n", n, max);
    else
        printf("No input\n");
    return 0;
}
