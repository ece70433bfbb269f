/* Three conversions, two arguments: the third reads the register the next argument would
   have used. */
#include <stdio.h>

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
    if (a > b)
        printf("%d is larger\n", a);
    else
        printf("%d + %d = %d\n", a, b); /* UB: */
    return 0;
}
