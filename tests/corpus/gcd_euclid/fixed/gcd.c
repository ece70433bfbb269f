/* Greatest common divisor and least common multiple of positive numbers. */
#include <assert.h>

int gcd(int a, int b)
{
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int lcm(int a, int b)
{
    return a / gcd(a, b) * b;
}

void test_coprime(void)
{
    assert(gcd(9, 4) == 1);
}

void test_common(void)
{
    assert(gcd(12, 18) == 6);
}

void test_multiple(void)
{
    assert(gcd(21, 7) == 7);
}

void test_lcm(void)
{
    assert(lcm(4, 6) == 12);
}
