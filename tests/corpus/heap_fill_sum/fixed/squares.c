/* Squares in a malloc'd array, summed by a helper. */
#include <assert.h>
#include <stdlib.h>

int *squares(int n)
{
    int *a = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        a[i] = i * i;
    return a;
}

int sum(const int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

void test_three(void)
{
    int *a = squares(3);
    assert(sum(a, 3) == 5);
    free(a);
}

void test_five(void)
{
    int *a = squares(5);
    assert(sum(a, 5) == 30);
    free(a);
}

void test_one(void)
{
    int *a = squares(1);
    assert(sum(a, 1) == 0);
    free(a);
}
