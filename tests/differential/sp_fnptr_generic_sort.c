/* A sort written once, ordered by a comparison passed as a function pointer; and a global
   table of orders selected by name. */
#include <stdio.h>
#include <string.h>

typedef int (*order)(int, int);

int ascending(int a, int b) { return a - b; }
int descending(int a, int b) { return b - a; }
int by_last_digit(int a, int b) { return a % 10 != b % 10 ? a % 10 - b % 10 : a - b; }

struct named { const char *unused; order cmp; };

order orders[3] = { ascending, descending, by_last_digit };
order current = ascending;

void sort(int *v, int n, order cmp)
{
    int i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && cmp(v[j - 1], v[j]) > 0; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

int is_sorted(const int *v, int n, order cmp)
{
    int i;
    for (i = 1; i < n; i++)
        if (cmp(v[i - 1], v[i]) > 0)
            return 0;
    return 1;
}

int main(void)
{
    int v[16], n = 0, i, k;
    char name[16];
    if (scanf("%15s", name) != 1)
        return 1;
    while (n < 16 && scanf("%d", &v[n]) == 1)
        n++;
    if (strcmp(name, "desc") == 0)
        current = orders[1];
    else if (strcmp(name, "digit") == 0)
        current = orders[2];
    printf("sorted before: %d\n", is_sorted(v, n, current));
    sort(v, n, current);
    for (i = 0; i < n; i++)
        printf("%d%c", v[i], i + 1 < n ? ' ' : '\n');
    for (k = 0; k < 3; k++)
        printf("order %d: sorted %d, current %d\n", k, is_sorted(v, n, orders[k]), orders[k] == current);
    return 0;
}
