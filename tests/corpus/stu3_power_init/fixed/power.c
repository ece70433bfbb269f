#include <stdio.h>

int main()
{
    int base, exp, i;
    long result;

    printf("Enter base and exponent: ");
    scanf("%d%d", &base, &exp);
    if (exp < 0) {
        printf("Negative exponents are not supported\n");
        return 0;
    }
    result = 1;
    for (i = 1; i <= exp; i++)
        result = result * base;
    printf("%d^%d = %ld\n", base, exp, result);
    return 0;
}
