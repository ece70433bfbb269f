#include <stdio.h>

int main(void) {
    int n, i, j;
    scanf("%d", &n);
    for (i = 1; i <= n; i++) {
        for (j = 0; j < n - i; j++)
            printf(" ");
        for (j = 0; j < 2 * i - 1; j++)
            printf("*");
        printf("\n");
    }
    for (i = n; i >= 1; i--) {
        for (j = 1; j <= i; j++)
            putchar('#');
        putchar('\n');
    }
    i = 0;
    while (i < n) {
        j = 0;
        while (j < n) {
            printf("%c", (i + j) % 2 ? '.' : 'o');
            j++;
        }
        printf("\n");
        i++;
    }
    return 0;
}
