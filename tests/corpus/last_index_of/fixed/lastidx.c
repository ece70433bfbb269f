/* Position of the last occurrence of x in a[0..n), or -1. */
#include <assert.h>

int last_index_of(int a[], int n, int x)
{
    int i;
    for (i = n - 1; i >= 0; i--) {
        if (a[i] == x)
            return i;
    }
    return -1;
}

void test_found_twice(void)
{
    int a[5] = {4, 2, 4, 1, 3};
    assert(last_index_of(a, 5, 4) == 2);
}

void test_absent(void)
{
    int a[3] = {1, 2, 3};
    assert(last_index_of(a, 3, 9) == -1);
}

void test_at_front(void)
{
    int a[4] = {8, 1, 1, 1};
    assert(last_index_of(a, 4, 8) == 0);
}

void test_at_end(void)
{
    int a[3] = {5, 6, 7};
    assert(last_index_of(a, 3, 7) == 2);
}
