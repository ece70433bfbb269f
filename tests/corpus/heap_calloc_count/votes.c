/* Votes for candidates 1..k counted in calloc'd counters; the winner is the smallest with most votes. */
#include <assert.h>
#include <stdlib.h>

int winner(const int *votes, int n, int k)
{
    int *count = calloc(k + 1, sizeof(int));
    for (int i = 0; i < n; i++)
        count[votes[i]]++;
    int best = 1;
    for (int c = 2; c <= k; c++)
        if (count[c] >= count[best])
            best = c;
    free(count);
    return best;
}

void test_clear(void)
{
    int v[5] = {2, 3, 2, 1, 2};
    assert(winner(v, 5, 3) == 2);
}

void test_tie(void)
{
    int v[4] = {3, 1, 3, 1};
    assert(winner(v, 4, 3) == 1);
}

void test_last(void)
{
    int v[3] = {4, 4, 1};
    assert(winner(v, 3, 4) == 4);
}
