/* Histogram of dice-like values 0..5, and the most frequent value. */
#include <assert.h>

void histogram(int values[], int n, int counts[])
{
    int i;
    for (i = 0; i < 6; i++)
        counts[i] = 0;
    for (i = 0; i < n; i++) {
        int v = values[i];
        counts[v]++;
    }
}

int mode(int values[], int n)
{
    int counts[6];
    int best = 0;
    int i;
    histogram(values, n, counts);
    for (i = 1; i < 6; i++) {
        if (counts[i] > counts[best])
            best = i;
    }
    return best;
}

void test_counts(void)
{
    int v[5] = {1, 3, 3, 5, 1};
    int c[6];
    histogram(v, 5, c);
    assert(c[1] == 2);
    assert(c[3] == 2);
    assert(c[0] == 0);
}

void test_mode(void)
{
    int v[6] = {2, 4, 4, 4, 2, 1};
    assert(mode(v, 6) == 4);
}

void test_zero(void)
{
    int v[3] = {0, 0, 5};
    assert(mode(v, 3) == 0);
}
