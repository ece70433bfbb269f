/* A growable stack on realloc; the mean of what was pushed. */
#include <assert.h>
#include <stdlib.h>

int mean_of(const int *src, int n)
{
    int cap = 1, len = 0;
    int *v = malloc(cap * sizeof(int));
    for (int i = 0; i < n; i++) {
        if (len == cap) {
            cap = cap * 2;
            v = realloc(v, cap * sizeof(int));
        }
        v[len++] = src[i];
    }
    int sum = 0;
    for (int i = 0; i < len; i++)
        sum += v[i];
    free(v);
    return sum / cap;
}

void test_three(void)
{
    int a[3] = {3, 6, 9};
    assert(mean_of(a, 3) == 6);
}

void test_five(void)
{
    int a[5] = {10, 10, 10, 10, 10};
    assert(mean_of(a, 5) == 10);
}

void test_two(void)
{
    int a[2] = {1, 5};
    assert(mean_of(a, 2) == 3);
}
