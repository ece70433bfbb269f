#include <stdio.h>
int main(void) {
    int n = 0;
    for (double x = 0.0; x < 1.0; x += 0.1) n++;
    printf("%d\n", n);
    n = 0;
    for (float x = 0.0f; x != 1.0f && n < 20; x += 0.125f) n++;
    printf("%d\n", n);
    double x = 1.0;
    int halvings = 0;
    while (x > 0) { x /= 2; halvings++; }
    printf("%d\n", halvings);
    return 0;
}
