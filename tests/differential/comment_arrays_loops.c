#include <stdio.h>
int main(void) {
    int v[8], n = 0, i, best;
    while (n < 8 && scanf("%d", &v[n]) == 1) n++;
    if (n == 0) /* empty */ return 3;
    best = v /* index */ [ /* zero */ 0 ];
    for (i = 1; i < n; i++)
        if (v[i] > best) // bigger
            best = v[i];
        else /* smaller or equal */
            ;
    printf("%d\n", best);
    return 0;
}
