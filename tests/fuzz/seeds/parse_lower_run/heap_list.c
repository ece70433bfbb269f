#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
typedef struct node { int value; struct node *next; } node;
node *push(node *head, int v) { node *n = malloc(sizeof *n); if (!n) return head; n->value = v; n->next = head; return n; }
int sum(const node *p) { int s = 0; while (p) { s += p->value; p = p->next; } return s; }
void release(node *p) { while (p) { node *next = p->next; free(p); p = next; } }
int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
void test_list(void) {
    node *h = NULL;
    for (int i = 1; i <= 4; i++) h = push(h, i);
    assert(sum(h) == 10);
    release(h);
}
void test_arrays(void) {
    int *v = calloc(4, sizeof(int));
    assert(v && v[3] == 0);
    v = realloc(v, 8 * sizeof(int));
    for (int i = 0; i < 8; i++) v[i] = 8 - i;
    qsort(v, 8, sizeof(int), cmp);
    assert(v[0] == 1 && v[7] == 8);
    free(v);
    char *s = malloc(6);
    strcpy(s, "heap!");
    assert(strlen(s) == 5);
    free(s);
}
void test_use_after_free(void) { int *p = malloc(sizeof(int)); *p = 1; free(p); assert(*p == 1); }
void test_double_free(void) { char *p = malloc(1); free(p); free(p); }
int main(void) {
    int n;
    if (scanf("%d", &n) != 1 || n < 0 || n > 1000) return 1;
    int *a = malloc(n * sizeof *a);
    for (int i = 0; i < n; i++) a[i] = i * i;
    printf("%d\n", n > 0 ? a[n - 1] : -1);
    free(a);
    return 0;
}
