#include <stdio.h>

int main(void) {
    double x = 1234.5678, y = 0.000123;
    int n = 42, m = -7;
    printf("[%e] [%E] [%g] [%g]\n", x, y, x, y);
    printf("[%5.1f] [%-8.2f] [%08.3f]\n", x, y, -x);
    printf("[%-10s] [%10s] [%.3s]\n", "left", "right", "truncate");
    printf("[%+d] [%+d] [% d] [%05d] [%-5d]\n", n, m, n, m, n);
    printf("[%x] [%X] [%#x] [%o] [%#o]\n", 255, 255, 255, 8, 8);
    printf("100%% done, %c%c\n", 'o', 'k');
    printf("[%10.4e] [%-12g] [%G]\n", x, 1e-10, 1e20);
    printf("[%5c] [%-3c]\n", 'a', 'b');
    return 0;
}
