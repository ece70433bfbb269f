/* Number of Collatz steps from n down to 1, giving up after 20 steps (small n only). */
#include <assert.h>

int collatz_steps(int n)
{
    int steps = 0;
    while (n != 1 && steps < 20) {
        if (n % 2 == 0)
            n = n / 2;
        else
            n = 3 * n + 1;
        steps++;
    }
    return steps;
}

void test_one(void)
{
    assert(collatz_steps(1) == 0);
}

void test_two(void)
{
    assert(collatz_steps(2) == 1);
}

void test_six(void)
{
    assert(collatz_steps(6) == 8);
}

void test_three(void)
{
    assert(collatz_steps(3) == 7);
}
