#include <stdio.h>
#include <stdlib.h>

int main()
{
    int n;
    long total;

    printf("Enter a positive integer: ");
    if (scanf("%d", &n) != 1) {
        printf("Not a number\n");
        exit(1);
    }
    if (n < 0) {
        printf("Invalid input\n");
        exit(1);
    }
    total = (long)n * (n + 1) / 2;
    printf("1 + ... + %d = %ld\n", n, total);
    return 0;
}
