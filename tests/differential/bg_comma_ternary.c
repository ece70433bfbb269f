#include <stdio.h>

int main(void) {
    int i, j, n;
    scanf("%d", &n);
    for (i = 0, j = n; i < j; i++, j--)
        printf("(%d,%d) ", i, j);
    printf("\n");
    int x = (n++, n * 2);
    printf("x=%d n=%d\n", x, n);
    const char *size = n < 3 ? "small" : n < 7 ? "medium" : n < 12 ? "large" : "huge";
    printf("%s\n", size);
    int sign = n > 0 ? 1 : (n < 0 ? -1 : 0);
    printf("sign %+d\n", sign);
    return 0;
}
