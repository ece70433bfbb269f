#include <stdio.h>
int f(int x) {
    if (x < 0) return /* neg */ -x;
    else // non-negative
        return x /* as is */ ;
}
void show(int v) { printf( /* fmt */ "%d\n" /* , */ , /* v */ v); }
int main(void) {
    int a;
    while (scanf("%d", &a) == 1) show /* call */ ( f(a) );
    return 0;
}
