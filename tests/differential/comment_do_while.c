#include <stdio.h>
int main(void) {
    int n, k = 0;
    if (scanf("%d", &n) != 1) return 1;
    do /* body */ k++; /* after body */ while /* w */ ( /* x */ k < n /* y */ ) /* z */ ;
    do // line after do
    {
        k += 2;
    } // line before while
    while (k < 2 * n);
    printf("%d\n", k);
    return 0;
}
