/* putchar returns the byte written as unsigned char, puts the bytes written (glibc). */
#include <stdio.h>

int main(void) {
    int a = putchar('A');
    int b = putchar(-191);
    int c = putchar(322);
    putchar('\n');
    int n = puts("hello");
    int m = puts("");
    char w[16] = "tabs\tand";
    int k = puts(w);
    printf("%d %d %d %d %d %d\n", a, b, c, n, m, k);
    if (putchar('\n') == EOF) return 1;
    return 0;
}
