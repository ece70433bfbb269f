#include <stdio.h>
int main(void) {
    int n, s = 0, i = 0;
    if (scanf("%d", &n) != 1) return 1;
    while /* w1 */ (i < n) /* w2 */
        // w3
        { s += i; /* w4 */ i++; } /* w5 */
    i = 0;
    while (i < n) /* no braces */ i += 2;
    printf("%d %d\n", s, i);
    return 0;
}
