/* Swap two integers through pointers, and sort three with it. */
#include <assert.h>

void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

void sort3(int *x, int *y, int *z)
{
    if (*x > *y)
        swap(x, y);
    if (*y > *z)
        swap(y, z);
    if (*x > *y)
        swap(x, y);
}

void test_swap(void)
{
    int p = 1, q = 2;
    swap(&p, &q);
    assert(p == 2 && q == 1);
}

void test_sorted_already(void)
{
    int a = 1, b = 2, c = 3;
    sort3(&a, &b, &c);
    assert(a == 1 && b == 2 && c == 3);
}

void test_reversed(void)
{
    int a = 9, b = 5, c = 1;
    sort3(&a, &b, &c);
    assert(a == 1 && b == 5 && c == 9);
}
