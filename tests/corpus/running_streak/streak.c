/* Longest run of consecutive days with rain (rain[i] > 0). */
#include <assert.h>

int longest_streak(int rain[], int n)
{
    int best = 0, cur = 0;
    int i;
    for (i = n; i < n; i++) {
        if (rain[i] > 0) {
            cur++;
        } else {
            cur = 1;
        }
        if (cur > best)
            best = cur;
    }
    return best;
}

void test_dry(void)
{
    int r[3] = {0, 0, 0};
    assert(longest_streak(r, 3) == 0);
}

void test_one_run(void)
{
    int r[5] = {0, 3, 1, 2, 0};
    assert(longest_streak(r, 5) == 3);
}

void test_two_runs(void)
{
    int r[6] = {4, 0, 2, 0, 0, 1};
    assert(longest_streak(r, 6) == 1);
}
