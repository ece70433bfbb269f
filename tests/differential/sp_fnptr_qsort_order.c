/* qsort and bsearch with the comparison chosen at run time through a function pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { char name[8]; int score; };

int by_score(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    return (x->score > y->score) - (x->score < y->score);
}

int by_name(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    return strcmp(x->name, y->name);
}

int int_asc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int int_desc(const void *a, const void *b)
{
    return int_asc(b, a);
}

int main(void)
{
    struct rec rs[6];
    int v[8] = {5, -2, 9, 0, 7, 7, -8, 3};
    int n = 0, i, key;
    char how[8];
    int (*order)(const void *, const void *);
    int (*nums)(const void *, const void *) = int_asc;
    if (scanf("%7s %d", how, &key) != 2)
        return 1;
    while (n < 6 && scanf("%7s %d", rs[n].name, &rs[n].score) == 2)
        n++;
    order = strcmp(how, "name") == 0 ? by_name : by_score;
    qsort(rs, n, sizeof rs[0], order);
    for (i = 0; i < n; i++)
        printf("%s:%d ", rs[i].name, rs[i].score);
    printf("\n");
    if (key < 0)
        nums = int_desc;
    qsort(v, 8, sizeof v[0], nums);
    for (i = 0; i < 8; i++)
        printf("%d ", v[i]);
    printf("\n");
    if (nums == int_asc) {
        int *hit = bsearch(&key, v, 8, sizeof v[0], nums);
        printf("%d %s\n", key, hit ? "found" : "missing");
        if (hit)
            printf("at %d\n", (int)(hit - v));
    }
    return 0;
}
