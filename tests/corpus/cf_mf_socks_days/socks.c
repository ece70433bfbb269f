#include <stdio.h>

int main()
{
    int n, m, d;
    scanf("%d %d", &n, &m);
    d = 1;
    while (n > 0) {
        d++;
        n--;
        if (d % m == 1)
            n++;
    }
    printf("%d\n", d);
    return 0;
}
