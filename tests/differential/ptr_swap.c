#include <stdio.h>

void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

int main(void)
{
    int x, y;
    while (scanf("%d %d", &x, &y) == 2) {
        swap(&x, &y);
        printf("%d %d\n", x, y);
    }
    return 0;
}
