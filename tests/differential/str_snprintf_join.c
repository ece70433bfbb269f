#include <stdio.h>
#include <string.h>

/* A comma-separated list built into a fixed buffer: each item is rendered
   with snprintf into a scratch buffer and appended only while it fits. */
int main(void) {
    char list[24], item[16];
    int v, dropped = 0, n;
    list[0] = '\0';
    while (scanf("%d", &v) == 1) {
        if (list[0])
            n = snprintf(item, sizeof item, ",%d", v);
        else
            n = snprintf(item, sizeof item, "%d", v);
        if (n < (int)sizeof item && strlen(list) + n < sizeof list)
            strcat(list, item);
        else
            dropped++;
    }
    printf("[%s] dropped %d\n", list, dropped);
    return 0;
}
