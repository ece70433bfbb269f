#include <stdio.h>
int main(void) {
    int c, r;
    while (scanf("%d", &c) == 1) {
        switch /* s1 */ ( /* s2 */ c /* s3 */ ) /* s4 */ {
        case /* k1 */ 1 /* k2 */ : /* k3 */ r = 10; break;
        case 2: // two
            r = 20;
            /* fall through */
        case 3 /* three */ :
            r = 30; break /* b */ ;
        default /* d */ : /* d2 */
            r = -1;
        } /* end switch */
        printf("%d\n", r);
    }
    return 0;
}
