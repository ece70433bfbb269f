#include <stdio.h>

int main()
{
    long n;
    int even = 0, odd = 0, d;
    scanf("%ld", &n);
    if (n < 0) n = -n;
    do {
        d = n % 10;
        if (d % 2 == 0)
            even++;
        else
            odd++;
        n /= 10;
    } while (n > 0);
    printf("Even digits: %d\nOdd digits: %d\n", even, odd);
    return 0;
}
