#include <stdio.h>
#include <assert.h>
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int sum(const int *p, int n) { int s = 0; while (n-- > 0) s += *p++; return s; }
void minmax(int *v, int n, int *lo, int *hi) {
    *lo = *hi = v[0];
    for (int i = 1; i < n; i++) { if (v[i] < *lo) *lo = v[i]; if (v[i] > *hi) *hi = v[i]; }
}
void test_pointers(void) {
    int x = 1, y = 2;
    swap(&x, &y);
    assert(x == 2 && y == 1);
    int v[4] = {3, 1, 4, 1};
    assert(sum(v, 4) == 9);
    int lo, hi;
    minmax(v, 4, &lo, &hi);
    assert(lo == 1 && hi == 4);
    int *p = &v[2];
    int **pp = &p;
    **pp = 5;
    assert(v[2] == 5 && p - v == 2);
    int *q = NULL;
    assert(q == 0);
}
int main(void) { int *p = 0; return *p; }
