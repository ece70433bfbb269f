#include <stdio.h>

int main()
{
    int n;
    printf("Enter an integer > ");
    scanf("%d", &n);
    if (n <= 0) {
        printf("-\n");
        n = -n;
    }
    do {
        printf("%d\n", n % 10);
        n = n / 10;
    } while (n != 0);
    printf("That's all, have a nice day!\n");
    return 0;
}
