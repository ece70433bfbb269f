/* A fold over an array with the combining operation passed as a function pointer. */
#include <assert.h>

typedef int (*combine)(int, int);

int plus(int acc, int x) { return acc + x; }
int times(int acc, int x) { return acc * x; }
int larger(int acc, int x) { return x > acc ? x : acc; }

int fold(const int *v, int n, combine f, int init)
{
    int acc = init;
    int i;
    for (i = 1; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

struct stat {
    combine op;
    int init;
};

int summarize(const int *v, int n, int which)
{
    struct stat stats[3] = {{plus, 0}, {times, 1}, {larger, -1000}};
    return fold(v, n, stats[which].op, stats[which].init);
}

void test_sum(void)
{
    int v[4] = {3, 1, 4, 1};
    assert(summarize(v, 4, 0) == 9);
}

void test_product(void)
{
    int v[3] = {2, 3, 4};
    assert(summarize(v, 3, 1) == 24);
}

void test_max(void)
{
    int v[5] = {-7, 12, 5, 9, -1};
    assert(summarize(v, 5, 2) == 12);
}

void test_empty(void)
{
    int v[1] = {5};
    assert(summarize(v, 0, 0) == 0);
    assert(summarize(v, 0, 1) == 1);
}
