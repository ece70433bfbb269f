/* Exercise: print the n x n multiplication table (1 <= n <= 9), each entry 4 wide. */
#include <stdio.h>

int main(void)
{
    int n, i, j;
    scanf("%d", &n);
    if (n < 1 || n > 9) {
        printf("n must be between 1 and 9\n");
        return 1;
    }
    for (i = 1; i <= n; i++) {
        for (j = 1; j <= i; j++)
            printf("%4d", i * j);
        printf("\n");
    }
    return 0;
}
