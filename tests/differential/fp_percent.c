#include <stdio.h>
int main(void) {
    int passed, total;
    while (scanf("%d/%d", &passed, &total) == 2) {
        if (total == 0) { printf("n/a\n"); continue; }
        double pct = 100.0 * passed / total;
        if (pct >= 50) printf("%5.1f%% pass\n", pct);
        else printf("%5.1f%% fail\n", pct);
    }
    return 0;
}
