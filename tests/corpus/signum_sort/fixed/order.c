/* Insertion sort with a comparator returning -1, 0 or 1. */
#include <assert.h>

int compare(int a, int b)
{
    if (a < b)
        return -1;
    if (a == b)
        return 0;
    return 1;
}

void sort(int a[], int n)
{
    int i;
    for (i = 1; i < n; i++) {
        int x = a[i];
        int j = i - 1;
        while (j >= 0 && compare(a[j], x) > 0) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

void test_compare(void)
{
    assert(compare(2, 5) == -1);
}

void test_sorted_pair(void)
{
    int a[2] = {1, 2};
    sort(a, 2);
    assert(a[0] == 1);
}

void test_three(void)
{
    int a[3] = {3, 1, 2};
    sort(a, 3);
    assert(a[0] == 1);
    assert(a[2] == 3);
}

void test_equal(void)
{
    assert(compare(4, 4) == 0);
}
