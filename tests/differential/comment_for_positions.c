#include <stdio.h>
int main(void) {
    int n, s = 0, i;
    if (scanf("%d", &n) != 1) return 1;
    for /* f1 */ ( /* f2 */ i = 0 /* f3 */ ; /* f4 */ i < n /* f5 */ ; /* f6 */ i++ /* f7 */ ) /* f8 */
        s += i * i; // f9
    for (int j = 0; // init
         j < 3;     // cond
         j++)       // step
    {
        s -= j;
    }
    for (;;) /* forever */ { break; }
    printf("%d\n", s);
    return 0;
}
