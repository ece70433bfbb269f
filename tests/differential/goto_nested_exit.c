/* goto out of nested loops: find the first pair summing to a target in a grid search. */
#include <stdio.h>

int main(void) {
    int a[32], n = 0, target, i, j, found = 0;
    if (scanf("%d", &target) != 1) return 1;
    while (n < 32 && scanf("%d", &a[n]) == 1) n++;
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            if (a[i] + a[j] == target) {
                found = 1;
                goto done;
            }
        }
    }
    i = j = -1;
done:
    printf("found=%d i=%d j=%d\n", found, i, j);
    return 0;
}
