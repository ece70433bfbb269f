/* Diagonal sums of a 3x3 matrix; a magic-square check uses both. */
#include <assert.h>

#define N 3

int trace(int m[N][N])
{
    int s = 0;
    int i;
    for (i = 0; i < N; i++)
        s += m[i][i];
    return s;
}

int anti_trace(int m[N][N])
{
    int s = 0;
    int i;
    for (i = 0; i < N; i++)
        s += m[i][N - 1 - i];
    return s;
}

void test_trace(void)
{
    int m[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    assert(trace(m) == 15);
}

void test_anti(void)
{
    int m[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 10}};
    assert(anti_trace(m) == 15);
}

void test_magic(void)
{
    int m[N][N] = {{2, 7, 6}, {9, 5, 1}, {4, 3, 8}};
    assert(trace(m) == anti_trace(m));
}

void test_identity(void)
{
    int m[N][N] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    assert(anti_trace(m) == 1);
}
