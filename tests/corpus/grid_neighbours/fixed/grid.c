/* Count the in-grid 4-neighbours of a cell of a rows x cols grid. */
#include <assert.h>

int inside(int r, int c, int rows, int cols)
{
    return r >= 0 && r < rows && c >= 0 && c < cols;
}

int neighbours(int r, int c, int rows, int cols)
{
    int n = 0;
    n += inside(r - 1, c, rows, cols);
    n += inside(r + 1, c, rows, cols);
    n += inside(r, c - 1, rows, cols);
    n += inside(r, c + 1, rows, cols);
    return n;
}

void test_corner(void)
{
    assert(neighbours(0, 0, 3, 3) == 2);
}

void test_centre(void)
{
    assert(neighbours(1, 1, 3, 3) == 4);
}

void test_edge(void)
{
    assert(neighbours(0, 2, 4, 5) == 3);
}

void test_single_cell(void)
{
    assert(neighbours(0, 0, 1, 1) == 0);
}

void test_top_middle(void)
{
    assert(neighbours(0, 1, 2, 3) == 3);
}
