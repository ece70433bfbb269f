#include <stdio.h>

int main()
{
    int n, i;
    scanf("%d", &n);
    if (n < 0) {
        printf("Enter a positive number\n");
        return 0;
    }
    for (i = 1; i <= 10; i++)
        printf("%d ", n * i);
    printf("\n");
    return 0;
}
