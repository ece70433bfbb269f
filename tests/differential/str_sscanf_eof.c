#include <stdio.h>

/* sscanf's return value: -1 when the string ends before the first
   conversion, else how many conversions were assigned. */
int main(void) {
    int a = -1, b = -1, n;
    char w[16];
    printf("%d\n", sscanf("", "%d", &a));
    printf("%d\n", sscanf("   ", "%d", &a));
    printf("%d\n", sscanf("x", "%d", &a));
    n = sscanf("12", "%d %d", &a, &b);
    printf("%d %d %d\n", n, a, b);
    n = sscanf("3 4", "%d %d", &a, &b);
    printf("%d %d %d\n", n, a, b);
    n = sscanf("5,6", "%d,%d", &a, &b);
    printf("%d %d %d\n", n, a, b);
    n = sscanf("7;8", "%d,%d", &a, &b);
    printf("%d %d %d\n", n, a, b);
    n = sscanf("  word  more", "%15s", w);
    printf("%d %s\n", n, w);
    n = sscanf("abcdefgh", "%3s", w);
    printf("%d %s\n", n, w);
    n = sscanf("9", "%d%%", &a);
    printf("%d %d\n", n, a);
    return 0;
}
