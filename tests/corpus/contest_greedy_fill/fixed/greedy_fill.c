/* Contest task: n parcels with their weights in ascending order and a van that
 * carries at most cap kilograms. Load the lightest parcels first; print how many
 * fit and the weight loaded. */
#include <stdio.h>

int main(void)
{
    int n, cap, i, w;
    int count = 0, load = 0, full = 0;
    scanf("%d %d", &n, &cap);
    for (i = 0; i < n; i++) {
        scanf("%d", &w);
        if (!full && load + w <= cap) {
            load += w;
            count++;
        } else {
            full = 1;
        }
    }
    printf("%d %d\n", count, load);
    return 0;
}
