/* Average of a list of integer scores, as a double. */
#include <assert.h>
#include <math.h>

double average(const int *scores, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += scores[i];
    return sum / n;
}

void test_whole(void)
{
    int s[] = {2, 4, 6};
    assert(average(s, 3) == 4.0);
}

void test_half(void)
{
    int s[] = {1, 2};
    assert(average(s, 2) == 1.5);
}

void test_third(void)
{
    int s[] = {1, 1, 2};
    assert(fabs(average(s, 3) - 1.3333333) < 1e-6);
}
