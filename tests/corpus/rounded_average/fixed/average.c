/* Average of non-negative marks, rounded half up. */
#include <assert.h>

int rounded_average(int marks[], int n)
{
    int sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum += marks[i];
    return (sum + n / 2) / n;
}

void test_exact(void)
{
    int m[3] = {60, 70, 80};
    assert(rounded_average(m, 3) == 70);
}

void test_round_up(void)
{
    int m[2] = {70, 71};
    assert(rounded_average(m, 2) == 71);
}

void test_round_down(void)
{
    int m[3] = {10, 10, 11};
    assert(rounded_average(m, 3) == 10);
}

void test_single(void)
{
    int m[1] = {93};
    assert(rounded_average(m, 1) == 93);
}

void test_four(void)
{
    int m[4] = {1, 2, 3, 4};
    assert(rounded_average(m, 4) == 3);
}
