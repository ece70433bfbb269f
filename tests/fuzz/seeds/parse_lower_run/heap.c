#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
int *range(int n) { int *v = malloc(n * sizeof(int)); if (!v) return NULL; for (int i = 0; i < n; i++) v[i] = i; return v; }
int total(const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
void test_arrays(void) {
    int *v = calloc(4, sizeof(int));
    assert(v && v[3] == 0);
    v = realloc(v, 8 * sizeof(int));
    for (int i = 0; i < 8; i++) v[i] = 8 - i;
    assert(total(v, 8) == 36);
    free(v);
    int *r = range(5);
    assert(r[4] == 4 && total(r, 5) == 10);
    free(r);
    char *s = malloc(6);
    strcpy(s, "heap!");
    assert(strlen(s) == 5);
    free(s);
}
void test_use_after_free(void) { int *p = malloc(sizeof(int)); *p = 1; free(p); assert(*p == 1); }
void test_double_free(void) { char *p = malloc(1); free(p); free(p); }
void test_overflow(void) { int *p = malloc(2 * sizeof(int)); p[2] = 5; free(p); }
int main(void) {
    int n;
    if (scanf("%d", &n) != 1 || n < 0 || n > 1000) return 1;
    int *a = malloc(n * sizeof *a);
    for (int i = 0; i < n; i++) a[i] = i * i;
    printf("%d\n", n > 0 ? a[n - 1] : -1);
    free(a);
    return 0;
}
