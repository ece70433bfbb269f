#include <stdio.h>
int /* g1 */ g /* g2 */ = /* g3 */ 5 /* g4 */ , /* g5 */ h = 7;
static /* s */ const /* c */ int k = 3;
int arr /* a1 */ [ /* a2 */ 4 /* a3 */ ] /* a4 */ = /* a5 */ { /* a6 */ 1, /* a7 */ 2, 3 /* a8 */ , 4 /* a9 */ };
int main(void) {
    unsigned /* u */ long /* l */ x = 10;
    int /* i */ y, // y
        z = 2; /* z */
    y = g + h + k;
    printf("%lu %d %d %d\n", x, y, z, arr[0] + arr[3]);
    return 0;
}
