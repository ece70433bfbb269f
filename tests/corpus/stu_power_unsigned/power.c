#include <stdio.h>

unsigned long power(unsigned base, unsigned exp)
{
    unsigned long result = 1;
    while (exp > 0) {
        result *= exp;
        exp--;
    }
    return result;
}

int main()
{
    unsigned b, e;
    while (scanf("%u %u", &b, &e) == 2)
        printf("%u^%u = %lu\n", b, e, power(b, e));
    return 0;
}
