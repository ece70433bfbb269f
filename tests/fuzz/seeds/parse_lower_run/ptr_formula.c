#include <assert.h>
#include <string.h>
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int *largest(int *v, int n) { int *best = v; for (int *p = v + 1; p < v + n; p++) if (*p > *best) best = p; return best; }
const char *skip_spaces(const char *s) { const char *p = s; while (*p == ' ') p++; return p; }
void test_pointers(void) {
    int a = 1, b = 2;
    swap(&a, &b);
    assert(a == 2 && b == 1);
    int v[4] = {3, 9, 2, 9};
    assert(largest(v, 4) == &v[1]);
    assert(*largest(v + 2, 2) == 9);
    assert(strcmp(skip_spaces("  hi"), "hi") == 0);
    int **pp; int *q = &a; pp = &q; **pp = 7;
    assert(a == 7);
    int *null = NULL;
    assert(null == 0 && q != null);
}
