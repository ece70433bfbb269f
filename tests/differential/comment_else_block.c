#include <stdio.h>
int main(void) {
    int a, r = 0;
    if (scanf("%d", &a) != 1) return 1;
    if (a > 5) { r = 1; } else /* small */ { r = 2; }
    if (a > 7) r += 10; else /* c1 */ /* c2 */ r += 20;
    if (a % 2) /* odd */ r += 100; /* between */ else /* even */
        // and a line comment too
        r += 200;
    printf("%d\n", r);
    return 0;
}
