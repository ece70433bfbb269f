/* A goto-based retry loop: read numbers until a valid one, at most 4 attempts; cleanup label. */
#include <stdio.h>

int main(void) {
    int attempts = 0, x = 0, status = 0;
retry:
    attempts++;
    if (scanf("%d", &x) != 1) {
        status = 2;
        goto out;
    }
    if (x < 0 || x > 100) {
        printf("attempt %d: %d out of range\n", attempts, x);
        if (attempts < 4) goto retry;
        status = 1;
        goto out;
    }
    printf("accepted %d after %d attempt(s)\n", x, attempts);
out:
    printf("status %d\n", status);
    return status;
}
