/* An int total printed with `%f`: glibc reads xmm0, which holds no argument. */
#include <stdio.h>

int main(void) {
    int a, b;
    scanf("%d %d", &a, &b);
    int total = a + b;
    printf("sum = %.2f\n", total); /* UB: */
    return 0;
}
