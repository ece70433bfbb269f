#include <stdio.h>
int sq( /* x */ int x /* y */ ); // prototype
int sum3(int, /* b */ int, int /* c */);
int main(void) {
    int a;
    if (scanf("%d", &a) != 1) return 1;
    printf("%d %d\n", sq(a), sum3(a, /* mid */ 1, 2));
    return 0;
}
int sq(int x) { return x * x; }
int sum3(int a, int b, int c) { return a + b + c; }
