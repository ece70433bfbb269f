#include <stdio.h>
#include <stdlib.h>

int gcd(int a, int b)
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

void reduce(int *num, int *den)
{
    int g = gcd(abs(*num), abs(*den));
    if (g == 0)
        return;
    *num /= g;
    *den /= g;
    if (*den < 0) {
        *num = -*num;
        *den = -*den;
    }
}

void print_fraction(int num, int den)
{
    if (den == 1)
        printf("%d\n", num);
    else
        printf("%d/%d\n", num, den);
}

int main()
{
    int n1, d1, n2, d2, num, den;

    while (scanf("%d/%d %d/%d", &n1, &d1, &n2, &d2) == 4) {
        if (d1 == 0 || d2 == 0) {
            printf("division by zero\n");
            continue;
        }
        num = n1 * d2 + n2 * d1;
        den = d1 * d2;
        reduce(&num, &den);
        print_fraction(num, den);
    }
    return 0;
}
