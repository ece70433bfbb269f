#include <stdio.h>

int main()
{
    int num, count = 0, total = 0;

    printf("Enter numbers (0 to stop): ");
    scanf("%d", &num);
    while (num != 0) {
        total++;
        if (num % 3 == 0);
            count++;
        scanf("%d", &num);
    }
    printf("%d of %d numbers are multiples of 3\n", count, total);
    return 0;
}
