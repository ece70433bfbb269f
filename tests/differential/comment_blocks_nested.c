#include <stdio.h>
int main(void) {
    int n, r = 0, i;
    if (scanf("%d", &n) != 1) return 1;
    { /* open */
        // inner
        for (i = 0; i < n; i++) {
            if (i % 2) { r += i; } // odd
            else /* even */ { r -= 1; } /* done */
        }
    } /* close */
    /* a comment
       on several
       lines */ printf("%d\n", r);
    return 0;
}
