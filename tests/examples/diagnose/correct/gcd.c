/* Greatest common divisor (Euclid) and least common multiple. */
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

void test_gcd(void)
{
    assert(gcd(12, 18) == 6);
    assert(gcd(7, 5) == 1);
    assert(gcd(9, 0) == 9);
}

void test_lcm(void)
{
    assert(lcm(4, 6) == 12);
    assert(lcm(5, 5) == 5);
}
