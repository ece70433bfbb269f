#include <stdio.h>
/* Widths and precisions above 4096 are printed in full, as glibc does. */
int main(void) {
    printf("%5000d|\n", 42);
    printf("%-4100d|\n", -7);
    printf("%.4200d|\n", 9);
    printf("%04500x|\n", 255u);
    return 0;
}
