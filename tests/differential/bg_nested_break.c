#include <stdio.h>

int main(void) {
    int target, i, j, found = 0;
    scanf("%d", &target);
    for (i = 1; i <= 9 && !found; i++) {
        for (j = 1; j <= 9; j++) {
            if (i * j == target) {
                found = 1;
                break;
            }
            if (j > i)
                continue;
        }
    }
    if (found)
        printf("%d = %d x %d\n", target, i - 1, j);
    else
        printf("%d is not in the table\n", target);
    i = 0;
    while (1) {
        i++;
        if (i % 2) continue;
        if (i > 10) break;
        printf("%d ", i);
    }
    printf("\n");
    return 0;
}
