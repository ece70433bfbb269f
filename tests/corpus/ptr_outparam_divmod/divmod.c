/* Quotient and remainder through out-parameters. */
#include <assert.h>

void divmod(int a, int b, int *q, int *r)
{
    *q = a / b;
    *r = a - *q;
}

int digits_sum(int n)
{
    int q, r, s = 0;
    while (n > 0) {
        divmod(n, 10, &q, &r);
        s += r;
        n = q;
    }
    return s;
}

void test_exact(void)
{
    int q, r;
    divmod(12, 4, &q, &r);
    assert(q == 3 && r == 0);
}

void test_remainder(void)
{
    int q, r;
    divmod(17, 5, &q, &r);
    assert(q == 3 && r == 2);
}

void test_digits(void)
{
    assert(digits_sum(4096) == 19);
}

void test_zero(void)
{
    assert(digits_sum(0) == 0);
}
