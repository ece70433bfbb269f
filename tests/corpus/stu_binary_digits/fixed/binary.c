#include <stdio.h>

int main()
{
    int n, i = 0, bits[32];
    scanf("%d", &n);
    if (n == 0) {
        printf("0\n");
        return 0;
    }
    while (n > 0) {
        bits[i++] = n % 2;
        n = n / 2;
    }
    for (i = i - 1; i >= 0; i--)
        printf("%d", bits[i]);
    printf("\n");
    return 0;
}
