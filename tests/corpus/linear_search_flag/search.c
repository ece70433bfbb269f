/* Insert x into a set stored as an array if it is not already there; returns the new size. */
#include <assert.h>

int add_to_set(int set[], int n, int x)
{
    int found = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (set[i] == x)
            found = 1;
    }
    if (found) {
        set[n] = x;
        n++;
    }
    return n;
}

void test_new(void)
{
    int s[4] = {1, 2, 0, 0};
    assert(add_to_set(s, 2, 5) == 3);
    assert(s[2] == 5);
}

void test_duplicate(void)
{
    int s[4] = {1, 2, 0, 0};
    assert(add_to_set(s, 2, 2) == 2);
}

void test_empty(void)
{
    int s[2] = {0, 0};
    assert(add_to_set(s, 0, 7) == 1);
    assert(s[0] == 7);
}
