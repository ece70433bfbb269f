/* Fibonacci numbers by filling a table. */
#include <assert.h>

int fib(int n)
{
    int f[20];
    int i;
    f[0] = 0;
    f[1] = 1;
    for (i = 2; i <= n; i++)
        f[i] = f[i - 1] + f[i - 1];
    return f[n];
}

void test_base(void)
{
    assert(fib(1) == 1);
}

void test_two(void)
{
    assert(fib(2) == 1);
}

void test_six(void)
{
    assert(fib(6) == 8);
}

void test_ten(void)
{
    assert(fib(10) == 55);
}
