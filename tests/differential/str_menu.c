#include <stdio.h>
#include <string.h>
int main(void) {
    char cmd[32];
    int total = 0, x;
    while (scanf("%31s", cmd) == 1) {
        if (strcmp(cmd, "add") == 0) {
            if (scanf("%d", &x) != 1) break;
            total += x;
        } else if (strcmp(cmd, "sub") == 0) {
            if (scanf("%d", &x) != 1) break;
            total -= x;
        } else if (strcmp(cmd, "show") == 0) {
            printf("total = %d\n", total);
        } else if (strcmp(cmd, "quit") == 0) {
            break;
        } else {
            printf("unknown command: %s\n", cmd);
        }
    }
    printf("bye %d\n", total);
    return 0;
}
