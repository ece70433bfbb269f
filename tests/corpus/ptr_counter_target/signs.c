/* Counts the positive and the negative readings of a list (zeros are skipped), bumping the
 * right counter through a pointer; the result packs both counts as positives * 10 + negatives. */
#include <assert.h>

int signs(const int *v, int n)
{
    int positives = 0, negatives = 0;
    for (int i = 0; i < n; i++) {
        int *counter;
        if (v[i] > 0)
            counter = &positives;
        else if (v[i] < 0)
            counter = &positives;
        else
            continue;
        *counter += 1;
    }
    return positives * 10 + negatives;
}

void test_empty(void)
{
    int v[1] = {0};
    assert(signs(v, 0) == 0);
}

void test_all_positive(void)
{
    int v[3] = {4, 1, 7};
    assert(signs(v, 3) == 30);
}

void test_one_negative(void)
{
    int v[3] = {2, -5, 3};
    assert(signs(v, 3) == 21);
}

void test_mixed_with_zeros(void)
{
    int v[6] = {-1, 0, -2, 5, 0, -8};
    assert(signs(v, 6) == 13);
}

void test_zeros(void)
{
    int v[2] = {0, 0};
    assert(signs(v, 2) == 0);
}
