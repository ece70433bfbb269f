#include <stdio.h>
int main(void) {
    int x, r = 0;
    if (scanf("%d", &x) != 1) return 2;
    if /* a */ ( /* b */ x /* c */ > /* d */ 3 /* e */ ) /* f */ r = 1 /* g */ ; /* h */
    if // i
    (x < 0) // j
    r = -1; // k
    printf("%d\n", r);
    return 0;
}
