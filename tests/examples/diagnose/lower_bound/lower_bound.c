/* The first index of the sorted array a[0..n) whose value is at least key (n if none). */
#include <assert.h>

int lower_bound(const int *a, int n, int key)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (a[mid] < key)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static const int odd[6] = {1, 3, 5, 7, 9, 11};

void test_below_all(void) { assert(lower_bound(odd, 6, 0) == 0); }
void test_first(void) { assert(lower_bound(odd, 6, 1) == 0); }
void test_between(void) { assert(lower_bound(odd, 6, 4) == 2); }
void test_negative(void) { assert(lower_bound(odd, 6, -5) == 0); }
void test_above_all(void) { assert(lower_bound(odd, 6, 12) == 6); }
