/* Exercise: FizzBuzz for the numbers from a to b (both read from the input). */
#include <stdio.h>

int main(void)
{
    int a, b, i;
    scanf("%d %d", &a, &b);
    for (i = a; i <= b; i++) {
        if (i % 5 == 0)
            printf("FizzBuzz\n");
        else if (i % 3 == 0)
            printf("Fizz\n");
        else if (i % 5 == 0)
            printf("Buzz\n");
        else
            printf("%d\n", i);
    }
    return 0;
}
