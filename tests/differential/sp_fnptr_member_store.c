/* Function pointers stored through struct pointers (`c->fn = add`), on the stack, in a
 * global table and in malloc'd records, called through the member (`c->fn(a, b)`). */
#include <stdio.h>
#include <stdlib.h>

int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }

struct op { char sym; int (*fn)(int, int); };

struct op ops[3];

void set(struct op *o, char sym, int (*fn)(int, int))
{
    o->sym = sym;
    o->fn = fn;
}

int apply(const struct op *o, int a, int b) { return o->fn(a, b); }

int main(void)
{
    int a, b, i;
    struct op local, *heap;
    if (scanf("%d %d", &a, &b) != 2)
        return 1;
    set(&ops[0], '+', add);
    set(ops + 1, '-', sub);
    set(&ops[2], '*', mul);
    for (i = 0; i < 3; i++)
        printf("%d %c %d = %d\n", a, ops[i].sym, b, apply(&ops[i], a, b));
    set(&local, '-', sub);
    local.fn = (a > b) ? sub : add;
    printf("local %d\n", apply(&local, a, b));
    heap = malloc(2 * sizeof *heap);
    if (heap == NULL)
        return 1;
    heap->fn = mul;
    heap->sym = '*';
    (heap + 1)->fn = heap->fn == mul ? add : sub;
    heap[1].sym = '?';
    for (i = 0; i < 2; i++)
        printf("heap %c %d\n", heap[i].sym, heap[i].fn(a, b));
    free(heap);
    return 0;
}
