#include <stdio.h>

unsigned long factorial(int n) {
    if (n <= 1)
        return 1;
    return n * factorial(n - 1);
}

int main(void) {
    int n, i;
    scanf("%d", &n);
    for (i = 0; i <= n; i++)
        printf("%2d! = %lu\n", i, factorial(i));
    return 0;
}
