/* Trial-division primality test and a prime counter. */
#include <assert.h>

int is_prime(int n)
{
    int d;
    if (n < 2 || n == 2)
        return 0;
    for (d = 2; d * d <= n; d++) {
        if (n % d == 0)
            return 0;
    }
    return 1;
}

int primes_upto(int n)
{
    int count = 0;
    int k;
    for (k = 2; k <= n; k++)
        count += is_prime(k);
    return count;
}

void test_two(void)
{
    assert(is_prime(2) == 1);
}

void test_nine(void)
{
    assert(is_prime(9) == 0);
}

void test_thirteen(void)
{
    assert(is_prime(13) == 1);
}

void test_one(void)
{
    assert(is_prime(1) == 0);
}

void test_count(void)
{
    assert(primes_upto(20) == 8);
}
