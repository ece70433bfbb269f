#include <stdio.h>
int main(void) {
    int a;
    if (scanf("%d", &a) != 1) return 1;
    printf("/* not a comment */ %d\n", a); // real comment
    printf("// nor this %c\n", '/');
    if (a) printf("a*/b\n"); else /* x */ printf("c/*d\n");
    return 0;
}
