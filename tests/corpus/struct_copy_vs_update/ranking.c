/* Sort race results by time (bubble sort over an array of structs). */
#include <assert.h>

struct result {
    int runner;
    int time;
};

void sort_by_time(struct result r[], int n)
{
    int i, j;
    for (i = 0; i < n - 1; i++) {
        for (j = 0; j < n - 1 - i; j++) {
            if (r[j].time > r[j + 1].time) {
                struct result t = r[j];
                r[j] = r[j + 1];
                r[j + 1] = r[j];
            }
        }
    }
}

void test_sorted_already(void)
{
    struct result r[3] = {{1, 10}, {2, 20}, {3, 30}};
    sort_by_time(r, 3);
    assert(r[0].runner == 1 && r[1].runner == 2 && r[2].runner == 3);
}

void test_two_swapped(void)
{
    struct result r[2] = {{1, 50}, {2, 40}};
    sort_by_time(r, 2);
    assert(r[0].runner == 2);
    assert(r[1].runner == 1);
}

void test_reverse(void)
{
    struct result r[3] = {{7, 30}, {8, 20}, {9, 10}};
    sort_by_time(r, 3);
    assert(r[2].time == 30);
}
